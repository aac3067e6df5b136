// The program's command line: the options of `allocpool analyzer`, validated as the Java side
// validates them. A bad value is a BadInput naming the option and the value (exit code 2).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace allocpool {

class BadInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string runtime = "cpp";  // cpp or cpp-flat
    std::string strategy = "pool";
    std::string workload_case = "A";
    int32_t queue = 0;  // the case's when not given
    int32_t stored = 0;
    int32_t pool = 1000000;
    int32_t mix_pool = 200000;
    // The packets' shape, as Java's WorkloadShape: bytes per packet buffer, and one packet in
    // keep_one_in is TCP and stored. The article's: 1024 bytes, one in 16.
    int32_t packet_size = 1024;
    int32_t keep_one_in = 16;
    // The round plan, as Java's RoundPlan: rounds of `packets`, or of round_time_ms when that is
    // set (whole chunks of kChunkPackets); warm-up rounds, timed rounds, and up to max_rounds timed
    // rounds while the last `rounds` are not steady. Defaults as Java's: batch 10,000,000 packets,
    // 5 warm-up, 10 timed; real time rounds of 1 s until steady before the source starts.
    int64_t packets = 10000000;
    int64_t round_time_ms = 0;  // 0: rounds of `packets`
    int32_t rounds = 10;
    int32_t warmup = 5;
    int32_t max_rounds = 20;
    bool prefill = true;
    // Java's --warmup-collections: the collections a warm-up waits for. C++ has no collector, so it
    // never waits; the value is kept only so that the record states the plan it was given.
    int32_t warmup_collections = 20;
    bool realtime = false;
    int64_t interval_ns = 1000;
    int64_t duration_ms = 60000;
    int64_t warmup_ms = 10000;
    int32_t max_delay_ms = 100;
    bool pin = false;
    bool find_interval = false;
    bool json = false;
    bool help = false;
    // Hidden: print the steady-state check of each series and exit (for the Java test of the port).
    std::vector<std::vector<double>> check_rounds;
};

// The packets' shape's limits, as Java's WorkloadShape.
constexpr int32_t kMinPacketSize = 64;
constexpr int32_t kMaxPacketSize = 65536;
constexpr int32_t kMaxKeepOneIn = 128;  // the article's generator keeps rarer shares unevenly

// The smallest interval, as Java's CaptureSource.MIN_INTERVAL_NS, and the largest ring.
constexpr int64_t kMinIntervalNs = 10;
// Packets between two looks at the clock in a round of round_time_ms, as Java's RoundPlan.CHUNK.
constexpr int64_t kChunkPackets = 50000;
constexpr int64_t kMaxRingCapacity = int64_t{1} << 26;

// Parses and validates argv[1..]; throws BadInput.
Options parse_options(const std::vector<std::string>& args);

// The plan as options, as Java's AnalyzerArguments.plan: --packets N or --round-time Tms, then
// --rounds, --warmup, --max-rounds, and --no-prefill when off. For the processes a search starts.
std::vector<std::string> plan_args(const Options& o);

// Entries of the capture ring: maxDelayMs * 1,000,000 / intervalNs, at least 1.
int64_t ring_capacity(int64_t interval_ns, int32_t max_delay_ms);

extern const char* const kUsage;

}  // namespace allocpool
