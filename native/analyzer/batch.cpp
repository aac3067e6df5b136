#include "batch.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "record.hpp"
#include "rounds.hpp"
#include "steady_state.hpp"
#include "workload_factory.hpp"

namespace allocpool {

uint64_t g_allocated_bytes = 0;
int32_t g_packet_size = kPacketSize;
int32_t g_keep_one_in = 16;

namespace {

double median_of(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

std::unique_ptr<Workload> make_workload(const Options& o) {
    g_packet_size = o.packet_size;
    g_keep_one_in = o.keep_one_in;
    if (o.runtime != "cpp-flat") {
        return make_for<ObjectPacket>(o);
    }
    // the article's size keeps its packet of one fixed size, as it was measured; any other has its bytes after
    return o.packet_size == kPacketSize ? make_for<FlatPacket>(o) : make_sized_flat(o);
}

std::string grouped(int64_t value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    for (size_t i = 0; i < digits.size(); i++) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            out += ',';
        }
        out += digits[i];
    }
    return (value < 0 ? "-" : "") + out;
}

double prefill(Workload& w, const Options& o, std::FILE* human) {
    if (!o.prefill) {
        return 0;
    }
    auto start = std::chrono::steady_clock::now();
    w.prefill();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(human, "prefill: %s store slots and %s queued packets in %.0f ms\n", grouped(o.stored).c_str(),
                 grouped(int64_t{o.queue} - 1).c_str(), ms);
    return ms;
}

std::vector<double> warm_up(Workload& w, const Options& o, std::FILE* human) {
    prefill(w, o, human);
    // as Java's BatchRun.warmUp: the warm-up rounds, then rounds until the last ones are steady
    RoundsResult r = TimedRounds(w, o, human).run();
    std::vector<double> all = r.warmup;
    all.insert(all.end(), r.discarded.begin(), r.discarded.end());
    all.insert(all.end(), r.window.begin(), r.window.end());
    return all;
}

std::string run_batch(const Options& o, std::FILE* human) {
    std::unique_ptr<Workload> w = make_workload(o);
    double prefill_ms = prefill(*w, o, human);
    RoundsResult r = TimedRounds(*w, o, human).run();
    std::string state_digest = w->state_digest();
    w->drain();

    const std::vector<double>& window = r.window;
    double median = median_of(window);
    double min = *std::min_element(window.begin(), window.end());
    double max = *std::max_element(window.begin(), window.end());
    // the window's time over its packets, as Java's TimedRounds.Result.overallNsPerPacket: the figure
    // one long round of these packets reads, and the run's figure (the median round is kept beside it)
    double overall = static_cast<double>(r.window_ns) / static_cast<double>(r.window_packets);
    double per_packet = static_cast<double>(r.allocated_bytes) / static_cast<double>(r.window_packets);
    std::fprintf(human, "%s case %s (%s): %.1f ns/packet overall (median round %.1f, min %.1f, max %.1f), "
                 "%.2f M packets/s, %.1f bytes/packet allocated; %s\n",
                 o.strategy.c_str(), o.workload_case.c_str(), o.runtime.c_str(), overall, median, min, max, 1e3 / overall,
                 per_packet, r.steady_state.reason.c_str());

    return JsonObject()
        .raw("nsPerPacket", JsonObject().number("median", median).number("min", min).number("max", max)
                                .raw("rounds", json_doubles(window)).str())
        .number("overallNsPerPacket", overall)
        .number("packetsPerSecond", 1e9 / overall)
        .number("allocBytesPerPacket", per_packet)
        .raw("workload", counts_json(w->counts()))
        .text("stateDigest", state_digest)
        .raw("steadyState", steady_state_json(r.steady_state))
        .raw("warmupRounds", json_doubles(r.warmup))
        .raw("discardedRounds", json_doubles(r.discarded))
        .number("prefillMs", prefill_ms)
        .str();
}

}  // namespace allocpool
