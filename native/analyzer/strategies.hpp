// Where packets come from and go back to: the article's PacketManager, one class per strategy,
// each a template over the packet flavour so the analyser's get/free calls are direct and inline.
// Semantics as the Java strategies (org.allocpool.analyzer.strategy). Single-threaded. A packet
// handed out by get() belongs to the caller until it passes it to free() exactly once; the
// strategy owns (and deletes) every packet it holds when it is destroyed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "packets.hpp"

namespace allocpool {

inline std::string dry(const char* name, int32_t size, const char* what) {
    return "strategy '" + std::string(name) + "' ran dry: all " + std::to_string(size) + " " + what
           + " are in use (raise --pool, or lower --queue/--stored)";
}

// dummy: one packet handed out by every get(); free() does nothing. The floor. (SizedFlatPacket,
// which has its bytes only when made with new, has its own, in sized_flat.cpp.)
template <class P>
class DummyPackets {
public:
    using Packet = P;
    static constexpr const char* kName = "dummy";

    P* get() { return &packet_; }  // hot path: no allocation
    void free(P*) {}               // the one packet is reused as is
    std::string exhaustion() const { return "strategy 'dummy' could not make a packet"; }

private:
    P packet_;
};

// alloc: a new packet (and, for cpp, a new buffer of the packet size) for every get(); free() deletes it.
template <class P>
class AllocatingPackets {
public:
    using Packet = P;
    static constexpr const char* kName = "alloc";

    P* get() { return counted_new<P>(); }
    void free(P* p) { delete p; }
    std::string exhaustion() const { return "strategy 'alloc' could not make a packet"; }
};

// A stack of packets made up front; the base of pool and mix.
template <class P>
class PacketStack {
public:
    explicit PacketStack(int32_t capacity) : items_(static_cast<size_t>(capacity)) {
        for (auto& item : items_) {
            item = new P();
        }
        available_ = capacity;
    }
    ~PacketStack() {
        for (int32_t i = 0; i < available_; i++) {
            delete items_[i];
        }
    }
    PacketStack(const PacketStack&) = delete;
    PacketStack& operator=(const PacketStack&) = delete;

    P* pop() { return available_ == 0 ? nullptr : items_[--available_]; }
    // False when full: the caller keeps the packet.
    bool push(P* p) {
        if (available_ == static_cast<int32_t>(items_.size())) {
            return false;
        }
        items_[available_++] = p;
        return true;
    }
    int32_t capacity() const { return static_cast<int32_t>(items_.size()); }

private:
    std::vector<P*> items_;
    int32_t available_ = 0;
};

// pool: `size` packets made up front and reused; a dry pool fails (get() returns nullptr), so a
// pool figure never hides allocation.
template <class P>
class PooledPackets {
public:
    using Packet = P;
    static constexpr const char* kName = "pool";

    explicit PooledPackets(int32_t size) : pool_(size) {}

    P* get() { return pool_.pop(); }  // hot path: no allocation
    void free(P* p) {                 // hot path: no allocation
        p->free();
        pool_.push(p);
    }
    std::string exhaustion() const { return dry(kName, pool_.capacity(), "pooled packets"); }

private:
    PacketStack<P> pool_;
};

// mix: `size` packets made up front; get() allocates when the pool is empty, and free() keeps a
// packet only while the pool has room, deleting it otherwise.
template <class P>
class MixedPackets {
public:
    using Packet = P;
    static constexpr const char* kName = "mix";

    explicit MixedPackets(int32_t size) : pool_(size) {}

    // hot path: no allocation while the pool has packets
    P* get() {
        P* p = pool_.pop();
        return p != nullptr ? p : counted_new<P>();
    }
    // hot path: no allocation
    void free(P* p) {
        p->free();
        if (!pool_.push(p)) {
            delete p;
        }
    }
    std::string exhaustion() const { return "strategy 'mix' could not make a packet"; }

private:
    PacketStack<P> pool_;
};

}  // namespace allocpool
