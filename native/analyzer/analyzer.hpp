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

// The counts kept as Java's WorkloadTally keeps them, so that the batch loop counts nothing per
// packet: a batch adds what it made and processed at its end (ran), only the rare outcomes (a TCP
// packet stored, one evicted, a packet not IP) are counted as they happen, and parsed and freed
// follow from those. Java's flat paid 16% of its batch time in case A for five counter fields
// incremented per packet (C2 loads and stores a field each time); C++ does the same work as Java.
class WorkloadTally {
public:
    // A batch of `packets` made, in which the queue grew by `queue_growth`: the rest were processed.
    void ran(int64_t packets, int64_t queue_growth) {
        made_ += packets;
        processed_ += packets - queue_growth;
    }
    void made_one() { made_++; }
    void processed_one() { processed_++; }
    void not_ip() { not_ip_++; }
    void stored(bool evicting) {
        stored_by_processing_++;
        if (evicting) {
            evicted_++;
        }
    }
    void prefilled() { prefilled_++; }
    void drained_stored() { drained_stored_++; }

    WorkloadCounts counts() const {
        WorkloadCounts c;
        c.made = made_;
        c.parsed = processed_ - not_ip_ + prefilled_;
        c.tcp_stored = stored_by_processing_ + prefilled_;
        c.evicted = evicted_;
        c.freed = processed_ - (stored_by_processing_ - evicted_) + drained_stored_;
        return c;
    }

private:
    int64_t made_ = 0;
    int64_t processed_ = 0;
    int64_t not_ip_ = 0;
    int64_t stored_by_processing_ = 0;
    int64_t evicted_ = 0;
    int64_t prefilled_ = 0;
    int64_t drained_stored_ = 0;
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

    // The packets made and processed are counted once, at the end, also when a dry pool ends the
    // batch early (as Java's finally).
    void run(int64_t count) override {
        const int32_t queue_size = queue_size_;
        const int32_t queued_before = size_;
        int64_t i = 0;
        try {
            for (; i < count; i++) {
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
        } catch (...) {
            tally_.ran(i, size_ - queued_before);
            throw;
        }
        tally_.ran(i, size_ - queued_before);
    }

    void prefill() override {
        for (auto& slot : stored_) {
            if (slot != nullptr) {
                continue;
            }
            P* p = take();
            tally_.made_one();
            source_.simulate(p->buffer());
            put_int(p->buffer() + kProtocolOffset, kTcp);
            parse(p);
            slot = p;
            tally_.prefilled();
        }
        while (size_ < queue_size_ - 1) {
            P* p = take();
            tally_.made_one();
            source_.simulate(p->buffer());
            enqueue(p);
        }
    }

    // As Java's drain: the queue first (parse always reads from the buffer's start, which is what
    // Java's rewind gives the dummy strategy's one packet), then the stored array.
    void drain() override {
        while (size_ > 0) {
            P* old = dequeue();
            tally_.processed_one();
            if (!process(old)) {
                free(old);
            }
        }
        for (auto& s : stored_) {
            if (s != nullptr) {
                tally_.drained_stored();
                free(s);
                s = nullptr;
            }
        }
    }

    WorkloadCounts counts() const override { return tally_.counts(); }

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
    // A packet from the strategy, not counted: the caller counts it as made. hot path: no
    // allocation but the strategy's
    P* take() {
        P* p = packets_.get();
        if (p == nullptr) {
            throw RunFailure("Failure to allocate packet: " + packets_.exhaustion());
        }
        return p;
    }

    // The packet's protocol, or -1 if it is not IP.
    int32_t parse(P* p) { return p->parse(); }

    bool process(P* p) {
        int32_t protocol = parse(p);
        if (protocol < 0) {
            tally_.not_ip();
            return false;
        }
        if (protocol == kTcp) {
            int32_t index = source_.next_positive() % static_cast<int32_t>(stored_.size());
            P* old = stored_[static_cast<size_t>(index)];
            tally_.stored(old != nullptr);
            if (old != nullptr) {
                free(old);
            }
            stored_[static_cast<size_t>(index)] = p;
        } else {
            free(p);
        }
        return true;
    }

    void free(P* p) {
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
    WorkloadTally tally_;
};

}  // namespace allocpool
