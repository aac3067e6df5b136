// A log-linear latency histogram: exact below 128 ns, then 128 buckets per power of two (values
// within 1/128 = 0.8%), up to 2^63. Reports a bucket's highest value, as HdrHistogram does, and
// the exact maximum. Fixed size, made once; recording allocates nothing. Single thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace allocpool {

class LatencyHistogram {
    static constexpr int kSubBits = 7;
    static constexpr int64_t kSub = int64_t{1} << kSubBits;

public:
    LatencyHistogram() : counts_(static_cast<size_t>(kSub + (64 - kSubBits) * kSub), 0) {}

    // The latencies of `count` packets that ended at `now`, scheduled at scheduled[0 .. count) in
    // rising order, each at most `cap` and at least 0: each counted in its bucket, the largest (the
    // first) compared with the maximum once. As Java's LatencyCounts.recordUntil.
    void record_until(int64_t now, const int64_t* scheduled, int32_t count, int64_t cap) {  // hot path: no allocation
        for (int32_t k = 0; k < count; k++) {
            counts_[index(clamp(now - scheduled[k], cap))]++;
        }
        total_ += count;
        int64_t first = clamp(now - scheduled[0], cap);
        if (first > max_) {
            max_ = first;
        }
    }

    void reset() {
        std::fill(counts_.begin(), counts_.end(), 0);
        total_ = 0;
        max_ = 0;
    }

    int64_t max() const { return max_; }
    int64_t total() const { return total_; }

    // The value at `percent` (0..100): the highest value of the bucket holding that rank.
    int64_t at_percentile(double percent) const {
        if (total_ == 0) {
            return 0;
        }
        int64_t rank = static_cast<int64_t>(percent / 100.0 * static_cast<double>(total_) + 0.5);
        if (rank < 1) {
            rank = 1;
        }
        int64_t seen = 0;
        for (size_t i = 0; i < counts_.size(); i++) {
            seen += counts_[i];
            if (seen >= rank) {
                int64_t high = highest(i);
                return high < max_ ? high : max_;
            }
        }
        return max_;
    }

private:
    static int64_t clamp(int64_t value, int64_t cap) {
        return value < 0 ? 0 : value < cap ? value : cap;
    }

    static size_t index(int64_t v) {
        if (v < kSub) {
            return static_cast<size_t>(v);
        }
        int e = 63 - __builtin_clzll(static_cast<uint64_t>(v));  // >= kSubBits
        int64_t mantissa = v >> (e - kSubBits);                  // kSub..2*kSub-1
        return static_cast<size_t>(kSub + (e - kSubBits) * kSub + (mantissa - kSub));
    }

    static int64_t highest(size_t i) {
        if (static_cast<int64_t>(i) < kSub) {
            return static_cast<int64_t>(i);
        }
        int64_t k = static_cast<int64_t>(i) - kSub;
        int e = static_cast<int>(k / kSub) + kSubBits;
        int64_t mantissa = k % kSub + kSub;
        uint64_t high = ((static_cast<uint64_t>(mantissa) + 1) << (e - kSubBits)) - 1;
        return high > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(high);
    }

    std::vector<int64_t> counts_;
    int64_t total_ = 0;
    int64_t max_ = 0;
};

}  // namespace allocpool
