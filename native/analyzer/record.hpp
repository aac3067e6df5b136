// The result record in DESIGN.md's envelope (experiment, status, error, cell, env, metrics), built
// as JSON text: a few helpers, no library. Stateless helpers; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer.hpp"
#include "options.hpp"

namespace allocpool {

// Fields of one JSON object, added in order.
class JsonObject {
public:
    JsonObject& raw(const char* key, const std::string& json);
    JsonObject& text(const char* key, const std::string& value);
    JsonObject& number(const char* key, int64_t value);
    JsonObject& number(const char* key, double value);
    JsonObject& boolean(const char* key, bool value);
    std::string str() const { return "{" + body_ + "}"; }

private:
    std::string body_;
};

std::string json_string(const std::string& value);
// Shortest text that reads back as the same double, with a ".0" on whole numbers (as Jackson).
std::string json_double(double value);
// [1.0,2.5]: a JSON array of doubles.
std::string json_doubles(const std::vector<double>& values);

// The cell of a run: strategy, runtime, case, mode, sizes; the plan (packets or roundMs, rounds,
// warmup, maxRounds, prefill; real time: packets or roundMs, warmup, prefill); then real time's own.
std::string cell_json(const Options& o);
// Where it ran: vm ("g++ <version> -O3"), cpu, cores, os, host; no jdk.
std::string env_json();
std::string counts_json(const WorkloadCounts& c);

std::string ok_record(const Options& o, const std::string& metrics_json);
std::string failed_record(const Options& o, const std::string& error);

}  // namespace allocpool
