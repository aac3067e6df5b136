// The analyser in batch mode and the workload factory. Runs on the calling thread.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "analyzer.hpp"
#include "options.hpp"

namespace allocpool {

// A new workload for the options' runtime (flavour), strategy and sizes; pools are made now.
std::unique_ptr<Workload> make_workload(const Options& o);

// Warm-up rounds, then timed rounds, a line per round on `human`; drains; returns the metrics
// object of the record. Throws RunFailure when a pool runs dry, std::bad_alloc when memory does.
std::string run_batch(const Options& o, std::FILE* human);

}  // namespace allocpool
