#include "batch.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "record.hpp"

namespace allocpool {

uint64_t g_allocated_bytes = 0;

namespace {

template <class P>
std::unique_ptr<Workload> make_for(const Options& o) {
    if (o.strategy == "dummy") {
        return std::make_unique<PacketAnalyzer<DummyPackets<P>>>(o.queue, o.stored);
    }
    if (o.strategy == "alloc") {
        return std::make_unique<PacketAnalyzer<AllocatingPackets<P>>>(o.queue, o.stored);
    }
    if (o.strategy == "mix") {
        return std::make_unique<PacketAnalyzer<MixedPackets<P>>>(o.queue, o.stored, o.mix_pool);
    }
    return std::make_unique<PacketAnalyzer<PooledPackets<P>>>(o.queue, o.stored, o.pool);
}

double time_round(Workload& w, int64_t packets) {
    auto start = std::chrono::steady_clock::now();
    w.run(packets);
    auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(packets);
}

}  // namespace

std::unique_ptr<Workload> make_workload(const Options& o) {
    return o.runtime == "cpp-flat" ? make_for<FlatPacket>(o) : make_for<ObjectPacket>(o);
}

std::string run_batch(const Options& o, std::FILE* human) {
    std::unique_ptr<Workload> w = make_workload(o);
    for (int32_t round = 1; round <= o.warmup; round++) {
        double ns = time_round(*w, o.packets);
        std::fprintf(human, "warm-up %d/%d: %.1f ns/packet, %.2f M packets/s\n", round, o.warmup, ns, 1e3 / ns);
    }
    std::vector<double> rounds;
    uint64_t allocated_before = g_allocated_bytes;
    for (int32_t round = 1; round <= o.rounds; round++) {
        double ns = time_round(*w, o.packets);
        rounds.push_back(ns);
        std::fprintf(human, "round %d/%d: %.1f ns/packet, %.2f M packets/s\n", round, o.rounds, ns, 1e3 / ns);
    }
    double allocated = static_cast<double>(g_allocated_bytes - allocated_before);
    w->drain();

    std::vector<double> sorted = rounds;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double per_packet = allocated / (static_cast<double>(o.packets) * o.rounds);
    std::fprintf(human, "%s case %s (%s): median %.1f ns/packet (min %.1f, max %.1f), %.2f M packets/s, "
                 "%.1f bytes/packet allocated\n",
                 o.strategy.c_str(), o.workload_case.c_str(), o.runtime.c_str(), median, sorted[0], sorted[n - 1],
                 1e3 / median, per_packet);

    std::string list = "[";
    for (size_t i = 0; i < rounds.size(); i++) {
        list += (i == 0 ? "" : ",") + json_double(rounds[i]);
    }
    list += "]";
    return JsonObject()
        .raw("nsPerPacket", JsonObject().number("median", median).number("min", sorted[0])
                                .number("max", sorted[n - 1]).raw("rounds", list).str())
        .number("packetsPerSecond", 1e9 / median)
        .number("allocBytesPerPacket", per_packet)
        .raw("workload", counts_json(w->counts()))
        .str();
}

}  // namespace allocpool
