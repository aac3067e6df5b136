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
    // Parses every packet left in the queue, then frees every stored one.
    virtual void drain() = 0;
    virtual WorkloadCounts counts() const = 0;
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
            P* p = packets_.get();
            if (p == nullptr) {
                throw RunFailure("Failure to allocate packet: " + packets_.exhaustion());
            }
            counts_.made++;
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

private:
    bool process(P* p) {
        int32_t protocol = p->parse();
        if (protocol < 0) {
            return false;
        }
        counts_.parsed++;
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
