// The analyser in batch mode and the workload factory. Runs on the calling thread.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "analyzer.hpp"
#include "options.hpp"

namespace allocpool {

// A new workload for the options' runtime (flavour), strategy and sizes; pools are made now.
std::unique_ptr<Workload> make_workload(const Options& o);

// Unless the plan says --no-prefill: fills the workload's store and queue as a long run would have
// them (Workload::prefill) and says so on `human`. Returns the time it took, ms (0 without it).
// No collector here to take in the live set, so nothing else to do before the clock starts.
double prefill(Workload& w, const Options& o, std::FILE* human);

// Brings `w` to its steady state at full speed, as Java's BatchRun.warmUp: the prefill, the plan's
// warm-up rounds, then rounds until the last ones are steady (up to max-rounds). What real time does
// before its source starts. Returns ns/packet of every round run, in order.
std::vector<double> warm_up(Workload& w, const Options& o, std::FILE* human);

// The prefill, warm-up rounds, then timed rounds until the last `rounds` are steady or there are
// max_rounds, a line per round on `human`; drains; returns the metrics object of the record.
// Throws RunFailure when a pool runs dry, std::bad_alloc when memory does.
std::string run_batch(const Options& o, std::FILE* human);

// 1,234,567: a count as Java's "%,d" writes it.
std::string grouped(int64_t value);

}  // namespace allocpool
