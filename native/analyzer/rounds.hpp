// The warm-up and timed rounds of a run's plan, as Java's TimedRounds: warm-up rounds, then timed
// rounds; once there are `rounds` of them, the last `rounds` are checked for a steady state, and
// while they are not, one more round runs, up to max_rounds. The figures are those of the last
// `rounds`, and their time over their packets (`overall`, what one long round would read). A round is `packets` packets, or whole chunks of kChunkPackets until round_time_ms is
// up. Says each round on a stream meant for people. Runs on the calling thread; one run at a time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>

#include "analyzer.hpp"
#include "options.hpp"
#include "steady_state.hpp"

namespace allocpool {

// What the rounds gave (ns/packet of each round, in the order run).
struct RoundsResult {
    std::vector<double> warmup;
    std::vector<double> discarded;  // timed rounds run before the window, while it was not steady
    std::vector<double> window;     // the last `rounds`: the figures that count
    int64_t window_packets = 0;
    int64_t window_ns = 0;          // the time the window's rounds took
    uint64_t allocated_bytes = 0;  // by the analyser's own `new`s in the window's rounds
    SteadyState steady_state;      // the check of the window
};

class TimedRounds {
public:
    TimedRounds(Workload& workload, const Options& plan, std::FILE* human)
        : workload_(workload), plan_(plan), human_(human) {}

    // The warm-up rounds only: ns/packet of each.
    std::vector<double> warm_up();
    // The warm-up rounds, then the timed ones.
    RoundsResult run();

private:
    struct Round {
        int64_t packets;
        int64_t elapsed_ns;
        uint64_t allocated_bytes;

        double ns_per_packet() const { return static_cast<double>(elapsed_ns) / static_cast<double>(packets); }
    };

    Round round();
    void say(const std::string& label, double ns_per_packet);

    Workload& workload_;
    const Options& plan_;
    std::FILE* human_;
};

}  // namespace allocpool
