#include "rounds.hpp"

#include <chrono>
#include <string>

#include "progress.hpp"

namespace allocpool {

namespace {

int64_t clock_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// all[from, to)
std::vector<double> slice(const std::vector<double>& all, size_t from, size_t to) {
    auto begin = all.begin();
    return std::vector<double>(begin + static_cast<std::ptrdiff_t>(from), begin + static_cast<std::ptrdiff_t>(to));
}

}  // namespace

std::vector<double> TimedRounds::warm_up() {
    std::vector<double> warmup;
    for (int32_t k = 1; k <= plan_.warmup; k++) {
        say_progress(human_, "warm-up round " + std::to_string(k) + " of " + std::to_string(plan_.warmup));
        warmup.push_back(round().ns_per_packet());
        say("warm-up " + std::to_string(k) + "/" + std::to_string(plan_.warmup), warmup.back());
    }
    return warmup;
}

RoundsResult TimedRounds::run() {
    RoundsResult result;
    result.warmup = warm_up();
    const size_t rounds = static_cast<size_t>(plan_.rounds);
    const size_t max_rounds = static_cast<size_t>(plan_.max_rounds);
    std::vector<Round> timed;
    std::vector<double> ns;
    while (true) {
        const size_t next = timed.size() + 1;
        say_progress(human_, "round " + std::to_string(next) + " of "
                                 + (next <= rounds ? std::to_string(rounds) : "at most " + std::to_string(max_rounds)));
        timed.push_back(round());
        ns.push_back(timed.back().ns_per_packet());
        size_t n = timed.size();
        say("round " + std::to_string(n) + "/" + std::to_string(n <= rounds ? rounds : max_rounds), ns.back());
        if (n < rounds) {
            continue;
        }
        result.steady_state = check_steady_state(slice(ns, n - rounds, n));
        if (result.steady_state.steady || n >= max_rounds) {
            break;
        }
        std::fprintf(human_, "rounds %zu-%zu are not steady (%s): one more round, up to %zu\n", n - rounds + 1, n,
                     result.steady_state.reason.c_str(), max_rounds);
    }
    const size_t n = timed.size();
    result.discarded = slice(ns, 0, n - rounds);
    result.window = slice(ns, n - rounds, n);
    for (size_t i = n - rounds; i < n; i++) {
        result.window_packets += timed[i].packets;
        result.window_ns += timed[i].elapsed_ns;
        result.allocated_bytes += timed[i].allocated_bytes;
    }
    return result;
}

// One round: `packets` packets, or whole chunks until the round's time is up (the clock is read
// once a chunk, so that reading it costs nothing per packet). hot path: no allocation but the
// workload's
TimedRounds::Round TimedRounds::round() {
    const uint64_t allocated_before = g_allocated_bytes;
    const int64_t begin = clock_ns();
    int64_t packets = 0;
    int64_t elapsed;
    if (plan_.round_time_ms > 0) {
        const int64_t budget = plan_.round_time_ms * 1000000;
        do {
            workload_.run(kChunkPackets);
            packets += kChunkPackets;
            elapsed = clock_ns() - begin;
        } while (elapsed < budget);
    } else {
        packets = plan_.packets;
        workload_.run(packets);
        elapsed = clock_ns() - begin;
    }
    return Round{packets, elapsed, g_allocated_bytes - allocated_before};
}

void TimedRounds::say(const std::string& label, double ns_per_packet) {
    std::fprintf(human_, "%s: %.1f ns/packet, %.2f M packets/s\n", label.c_str(), ns_per_packet, 1e3 / ns_per_packet);
}

}  // namespace allocpool
