// The article's analyser: each packet is taken from the strategy, simulated, queued; once the
// queue holds `queue` packets the oldest is parsed and, if TCP, stored at an index the generator
// picks, freeing the packet it replaces; other packets are freed at once. The same steps, the same
// order of generator calls and the same counts as org.allocpool.analyzer.workload.PacketAnalyzer.
// Single-threaded. Holds every packet in the queue and the stored array until drain() frees them.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "packets.hpp"
#include "strategies.hpp"

namespace allocpool {

// What the workload did: counted as Java's WorkloadCounts.
struct WorkloadCounts {
    int64_t made = 0;
    int64_t parsed = 0;
    int64_t tcp_stored = 0;
    int64_t evicted = 0;
    int64_t freed = 0;
};

// A pool or slab ran dry: "Failure to allocate packet: ...".
class RunFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One strategy and flavour behind one interface for the drivers; run() loops inside, so the
// virtual call is once per batch of packets.
class Workload {
public:
    virtual ~Workload() = default;
    virtual void run(int64_t packets) = 0;
    // Brings the workload to the state a long run reaches, before anything is timed: every store
    // slot holds a parsed TCP packet, filled once and in order, and the queue holds the queue - 1
    // packets that wait between two calls of run(). A long run gets there by itself, but only
    // after about 16 × stored × ln(stored) packets (a TCP packet replaces a random slot: the
    // coupon collector), and every figure timed on the way measures that climb. As Java's
    // Workload.prefill(): packets from the strategy and the generator as in run(), the protocol of
    // stored ones set to TCP, the store index the slot's own (the generator is not asked for one);
    // counted as made, parsed and stored. A slot or queue place already filled is left alone.
    virtual void prefill() = 0;
    // Parses every packet left in the queue, then frees every stored one.
    virtual void drain() = 0;
    virtual WorkloadCounts counts() const = 0;
    // digest.hpp's StateDigest of what the workload holds now: every stored packet's parse result in
    // store order, then every queued packet's fields, oldest first. As Java's Workload.stateDigest();
    // walks the store and the queue, so never on a timed path.
    virtual std::string state_digest() const = 0;
};

template <class Strategy>
class PacketAnalyzer final : public Workload {
    using P = typename Strategy::Packet;

public:
    template <class... Args>
    PacketAnalyzer(int32_t queue_size, int32_t stored_size, Args... strategy_args)
        : packets_(strategy_args...),
          ring_(static_cast<size_t>(queue_size)),
          stored_(static_cast<size_t>(stored_size), nullptr),
          queue_size_(queue_size) {}

    void run(int64_t count) override {
        const int32_t queue_size = queue_size_;
        for (int64_t i = 0; i < count; i++) {
            P* p = take();
            source_.simulate(p->buffer());
            enqueue(p);
            if (size_ >= queue_size) {
                P* old = dequeue();
                if (!process(old)) {
                    free(old);
                }
            }
        }
    }

    void prefill() override {
        for (auto& slot : stored_) {
            if (slot != nullptr) {
                continue;
            }
            P* p = take();
            source_.simulate(p->buffer());
            put_int(p->buffer() + kProtocolOffset, kTcp);
            parse(p);
            slot = p;
            counts_.tcp_stored++;
        }
        while (size_ < queue_size_ - 1) {
            P* p = take();
            source_.simulate(p->buffer());
            enqueue(p);
        }
    }

    // As Java's drain: the queue first (parse always reads from the buffer's start, which is what
    // Java's rewind gives the dummy strategy's one packet), then the stored array.
    void drain() override {
        while (size_ > 0) {
            P* old = dequeue();
            if (!process(old)) {
                free(old);
            }
        }
        for (auto& s : stored_) {
            if (s != nullptr) {
                free(s);
                s = nullptr;
            }
        }
    }

    WorkloadCounts counts() const override { return counts_; }

    std::string state_digest() const override {
        StateDigest digest;
        for (const P* p : stored_) {
            if (p == nullptr) {
                digest.empty();
            } else {
                p->fold_into(digest);
            }
        }
        size_t at = head_;
        for (int32_t i = 0; i < size_; i++) {
            fold_packet_bytes(digest, ring_[at]->buffer());
            at = at + 1 == ring_.size() ? 0 : at + 1;
        }
        return digest.hex();
    }

private:
    // A packet from the strategy, counted as made. hot path: no allocation but the strategy's
    P* take() {
        P* p = packets_.get();
        if (p == nullptr) {
            throw RunFailure("Failure to allocate packet: " + packets_.exhaustion());
        }
        counts_.made++;
        return p;
    }

    // The packet's protocol, or -1 if it is not IP; counted as parsed when it is.
    int32_t parse(P* p) {
        int32_t protocol = p->parse();
        if (protocol >= 0) {
            counts_.parsed++;
        }
        return protocol;
    }

    bool process(P* p) {
        int32_t protocol = parse(p);
        if (protocol < 0) {
            return false;
        }
        if (protocol == kTcp) {
            int32_t index = source_.next_positive() % static_cast<int32_t>(stored_.size());
            P* old = stored_[static_cast<size_t>(index)];
            if (old != nullptr) {
                counts_.evicted++;
                free(old);
            }
            stored_[static_cast<size_t>(index)] = p;
            counts_.tcp_stored++;
        } else {
            free(p);
        }
        return true;
    }

    void free(P* p) {
        counts_.freed++;
        packets_.free(p);
    }

    void enqueue(P* p) {
        size_t tail = head_ + static_cast<size_t>(size_);
        if (tail >= ring_.size()) {
            tail -= ring_.size();
        }
        ring_[tail] = p;
        size_++;
    }

    P* dequeue() {
        P* p = ring_[head_];
        head_ = head_ + 1 == ring_.size() ? 0 : head_ + 1;
        size_--;
        return p;
    }

    Strategy packets_;
    PacketSource source_;
    std::vector<P*> ring_;
    size_t head_ = 0;
    int32_t size_ = 0;
    std::vector<P*> stored_;
    const int32_t queue_size_;
    WorkloadCounts counts_;
};

}  // namespace allocpool
