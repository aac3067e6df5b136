// The analyser in real time, as Java's RealtimeRun: the C clock source produces a tick every
// interval into a ring holding max-delay-ms of them; this thread takes each one, runs one packet
// through the workload, counts losses from sequence gaps and records each packet's latency from
// its tick's scheduled time to the end of its processing. Runs on the calling thread.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "options.hpp"

namespace allocpool {

// The figures one real-time run measured after its warm-up, for the interval search.
struct RealtimeFigures {
    int64_t interval_ns = 0;
    int64_t sent = 0;
    int64_t received = 0;
    int64_t lost = 0;
    double loss_percent = 0;
    int64_t p50 = 0;
    int64_t p99 = 0;
    int64_t p999 = 0;
    int64_t max = 0;
    bool pinned = false;
};

// One run at o.interval_ns: the workload brought to its steady state in batch first (the prefill
// and the plan's warm-up rounds, before the source starts), then the source's warm-up, then the
// measured duration; a line a second on `human`; returns the metrics object of the record.
std::string run_realtime(const Options& o, std::FILE* human);

// --find-interval: the smallest loss-free interval, each probe (and the batch run it starts from)
// in a fresh process running this program; returns the metrics object with its "search".
std::string find_interval(const Options& o, const std::string& self, std::FILE* human);

// A loss percentage with as many digits as a small loss needs (as Java's RealtimeLines.percent).
std::string percent_text(double p);

}  // namespace allocpool
