// The capture side of a real-time run: the C clock source (clock/clocksource.c, linked into this
// program) writing into a ring this program allocates, and the single consumer that polls it.
// The ring's bytes are laid out as clock/clocksource.h says (its C struct uses _Atomic, which
// C++17 cannot include, so the layout is addressed here by offset; std::atomic would do too, but
// offsetof on it is not portable). Consumer: one thread; the source thread is the producer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

extern "C" {
struct clocksource_ring;
struct clocksource;
int64_t clocksource_now_ns(void);
int32_t clocksource_start(clocksource_ring* ring, int32_t cpu, clocksource** handle_out);
int32_t clocksource_stop(clocksource* handle);
int32_t clocksource_pin_current_thread(int32_t cpu);
}

namespace allocpool {

inline int64_t now_ns() { return clocksource_now_ns(); }

// Owns the ring memory (aligned_alloc, freed by the destructor) and the source thread (stopped by
// stop() or the destructor, always before the memory is freed).
class CaptureSource {
    static constexpr size_t kCapacity = 0;
    static constexpr size_t kInterval = 8;
    static constexpr size_t kHead = 64;
    static constexpr size_t kTicks = 72;
    static constexpr size_t kTail = 128;
    static constexpr size_t kEntries = 192;
    static constexpr size_t kEntryBytes = 16;
    // The consumer publishes tail every this many polls (fewer in a ring under 1,024 entries: a
    // sixteenth of it), and whenever it finds the ring empty; a power of two. The producer may so
    // see the ring full that many entries early. As Java's CaptureRing.TAIL_PUBLISH_INTERVAL.
    static constexpr int64_t kTailPublishInterval = 64;

public:
    CaptureSource(int64_t interval_ns, int64_t capacity, int32_t cpu)
        : capacity_(capacity), publish_mask_(publish_mask(capacity)) {
        size_t bytes = kEntries + static_cast<size_t>(capacity) * kEntryBytes;
        bytes = (bytes + 63) / 64 * 64;  // aligned_alloc wants a multiple of the alignment
        memory_ = static_cast<uint8_t*>(std::aligned_alloc(64, bytes));
        if (memory_ == nullptr) {
            throw std::bad_alloc();
        }
        std::memset(memory_, 0, bytes);
        word(kCapacity) = capacity;
        word(kInterval) = interval_ns;
        int32_t rc = clocksource_start(reinterpret_cast<clocksource_ring*>(memory_), cpu, &handle_);
        if (rc != 0) {
            std::free(memory_);
            throw std::runtime_error("the clock source did not start: " + std::string(std::strerror(rc)));
        }
    }
    ~CaptureSource() {
        stop();
        std::free(memory_);
    }
    CaptureSource(const CaptureSource&) = delete;
    CaptureSource& operator=(const CaptureSource&) = delete;

    void stop() {
        if (handle_ != nullptr) {
            clocksource_stop(handle_);
            handle_ = nullptr;
        }
    }

    // The next tick's sequence number, or -1 when the ring is empty; its scheduled time is then
    // last_scheduled_ns(): claim(1), then next(). hot path: no allocation
    int64_t poll() { return claim(1) == 0 ? -1 : next(); }

    // Claims the ticks waiting in the ring, at most max: how many, 0 if it is empty; take each with
    // next(), in order. head is read (an acquire) only when the ticks read with it last time are all
    // taken: once per claim for a consumer that is behind. As Java's CaptureRing.claim.
    // hot path: no allocation
    int32_t claim(int32_t max) {
        int64_t waiting = head_cache_ - tail_;
        if (waiting == 0) {
            head_cache_ = __atomic_load_n(&word(kHead), __ATOMIC_ACQUIRE);
            waiting = head_cache_ - tail_;
            if (waiting == 0) {
                // caught up: give the producer every slot back before waiting
                __atomic_store_n(&word(kTail), tail_, __ATOMIC_RELEASE);
                return 0;
            }
        }
        return static_cast<int32_t>(waiting < max ? waiting : max);
    }

    // Takes the next claimed tick: its sequence number; its scheduled time is then
    // last_scheduled_ns(). Only for a tick a claim() counted and not yet taken: not checked.
    // hot path: no allocation
    int64_t next() {
        // plain reads: the acquire of head in claim() orders them after the producer's writes
        const uint8_t* entry = memory_ + kEntries + static_cast<size_t>(slot_) * kEntryBytes;
        int64_t sequence;
        std::memcpy(&sequence, entry, 8);
        std::memcpy(&last_scheduled_ns_, entry + 8, 8);
        if (++slot_ == capacity_) {
            slot_ = 0;
        }
        tail_++;
        // release: the producer may overwrite the slots only after these reads. Every
        // kTailPublishInterval ticks, not every tick: a producer that finds the ring full reads tail
        // on every tick, and a tail written on every poll then moves its cache line between the two
        // cores for every packet, which slowed Java's consumer to ~100 ns a packet once it fell
        // behind. As Java's CaptureRing.
        if ((tail_ & publish_mask_) == 0) {
            __atomic_store_n(&word(kTail), tail_, __ATOMIC_RELEASE);
        }
        return sequence;
    }

    // Takes the next `count` claimed ticks at once, as `count` calls of next(): their scheduled
    // times into scheduled_out[0 .. count), in order; returns the last one's sequence number. The
    // ring's position kept in locals for the claim, its members written once. As Java's
    // CaptureRing.next(int, long[]). count at least 1 and at most what claim() counted: not checked.
    // hot path: no allocation
    int64_t next(int32_t count, int64_t* scheduled_out) {
        const int64_t tail = tail_;
        int64_t slot = slot_;
        int64_t sequence = -1;
        for (int32_t k = 0; k < count; k++) {
            const uint8_t* entry = memory_ + kEntries + static_cast<size_t>(slot) * kEntryBytes;
            std::memcpy(&sequence, entry, 8);
            std::memcpy(&scheduled_out[k], entry + 8, 8);
            if (++slot == capacity_) {
                slot = 0;
            }
        }
        slot_ = slot;
        last_scheduled_ns_ = scheduled_out[count - 1];
        const int64_t taken = tail + count;
        tail_ = taken;
        // as next(): the tail is published each time it passes a multiple of the publish interval
        if ((taken & ~publish_mask_) != (tail & ~publish_mask_)) {
            __atomic_store_n(&word(kTail), taken, __ATOMIC_RELEASE);
        }
        return sequence;
    }

    int64_t last_scheduled_ns() const { return last_scheduled_ns_; }

    // Ticks the source produced, written or dropped.
    int64_t ticks() { return __atomic_load_n(&word(kTicks), __ATOMIC_ACQUIRE); }

private:
    int64_t& word(size_t offset) { return *reinterpret_cast<int64_t*>(memory_ + offset); }

    uint8_t* memory_ = nullptr;
    clocksource* handle_ = nullptr;
    // Publish tail when (tail & mask) == 0: every kTailPublishInterval polls, a sixteenth of a small ring.
    static int64_t publish_mask(int64_t capacity) {
        int64_t n = std::max<int64_t>(1, std::min<int64_t>(kTailPublishInterval, capacity / 16));
        int64_t power = 1;
        while (power * 2 <= n) {
            power *= 2;
        }
        return power - 1;
    }

    const int64_t capacity_;
    const int64_t publish_mask_;
    int64_t tail_ = 0;
    int64_t head_cache_ = 0;
    int64_t slot_ = 0;
    int64_t last_scheduled_ns_ = -1;
};

// Packets lost from the gaps in the sequence numbers received: as Java's LossCounter, including
// the ticks after the last one received (onEndOfStream). Single thread.
class LossCounter {
public:
    void on_sequence(int64_t sequence) {  // hot path: no allocation
        if (sequence != expected_) {
            if (sequence < expected_) {
                throw std::logic_error("sequence " + std::to_string(sequence) + " came after "
                                       + std::to_string(expected_ - 1) + ": sequences only go up");
            }
            lost_ += sequence - expected_;
        }
        expected_ = sequence + 1;
        received_++;
    }
    // `count` packets received at once, the last with sequence last_sequence: as `count` calls of
    // on_sequence, for sequences that only go up (the ring's). As Java's LossCounter.onSequences.
    void on_sequences(int64_t last_sequence, int32_t count) {  // hot path: no allocation
        int64_t span = last_sequence + 1 - expected_;
        if (span < count) {
            throw std::logic_error(std::to_string(count) + " sequences up to " + std::to_string(last_sequence)
                                   + " came after " + std::to_string(expected_ - 1) + ": sequences only go up");
        }
        lost_ += span - count;
        expected_ = last_sequence + 1;
        received_ += count;
    }
    void on_end_of_stream(int64_t sent) {
        if (sent < expected_) {
            throw std::logic_error("sent " + std::to_string(sent) + " is fewer than the packets seen: "
                                   + std::to_string(expected_));
        }
        lost_ += sent - expected_;
        expected_ = sent;
    }
    int64_t received() const { return received_; }
    int64_t lost() const { return lost_; }
    int64_t expected() const { return expected_; }

private:
    int64_t expected_ = 0;
    int64_t received_ = 0;
    int64_t lost_ = 0;
};

}  // namespace allocpool
