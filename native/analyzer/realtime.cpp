#include "realtime.hpp"

#include <sched.h>

#include <memory>
#include <vector>

#include "batch.hpp"
#include "capture.hpp"
#include "latency.hpp"
#include "progress.hpp"
#include "record.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define ALLOCPOOL_SPIN_PAUSE() _mm_pause()
#else
#define ALLOCPOOL_SPIN_PAUSE() ((void) 0)
#endif

namespace allocpool {

namespace {

constexpr int64_t kSecondNs = 1000000000;
constexpr int64_t kMaxLatencyNs = 60 * kSecondNs;
// Ticks taken from the ring at a time, at most, between two reads of the clock; latencies are read
// at the end of a claim. As Java's RealtimeRun.MAX_CLAIM.
constexpr int32_t kMaxClaim = 32;

// Where the source and the processor run with --pin: the source on the last allowed CPU, the
// processor on the first, and only where there are at least two (as Java's Pinning).
struct Pinning {
    int32_t source_cpu = -1;
    int32_t processor_cpu = -1;

    static Pinning plan(bool requested) {
        Pinning p;
        cpu_set_t set;
        if (!requested || sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 2) {
            return p;
        }
        for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
            if (CPU_ISSET(cpu, &set)) {
                if (p.processor_cpu < 0) {
                    p.processor_cpu = cpu;
                }
                p.source_cpu = cpu;
            }
        }
        return p;
    }
};

}  // namespace

std::string percent_text(double p) {
    char buf[32];
    if (p == 0) {
        return "0";
    }
    if (p >= 10) {
        std::snprintf(buf, sizeof buf, "%.0f", p);
    } else if (p >= 0.1) {
        std::snprintf(buf, sizeof buf, "%.1f", p);
    } else {
        std::snprintf(buf, sizeof buf, "%.2g", p);
    }
    return buf;
}

std::string run_realtime(const Options& o, std::FILE* human) {
    std::unique_ptr<Workload> workload = make_workload(o);
    Workload& w = *workload;
    Pinning pinning = Pinning::plan(o.pin);
    // the steady state first, at full speed, so that no packet can be lost to the climb to it
    std::vector<double> batch_warmup = warm_up(w, o, human);
    say_progress(human, "measuring at " + std::to_string(o.interval_ns) + " ns");
    LossCounter loss;
    LatencyHistogram latency;
    CaptureSource source(o.interval_ns, ring_capacity(o.interval_ns, o.max_delay_ms), pinning.source_cpu);
    bool pinned = pinning.processor_cpu >= 0 && clocksource_pin_current_thread(pinning.processor_cpu) == 0;

    int64_t sent_at_warmup = 0;
    int64_t lost_at_warmup = 0;
    int64_t received_at_warmup = 0;
    uint64_t allocated_at_warmup = 0;
    auto start_measuring = [&]() {
        // the measured stream: every tick from the next one expected on
        sent_at_warmup = loss.expected();
        lost_at_warmup = loss.lost();
        received_at_warmup = loss.received();
        allocated_at_warmup = g_allocated_bytes;
        latency.reset();
    };

    const int64_t start = now_ns();
    const int64_t warmup_end = start + o.warmup_ms * 1000000;
    const int64_t end = warmup_end + o.duration_ms * 1000000;
    int64_t next_line = start + kSecondNs;
    int64_t last_line = start;
    int64_t lines_lost = 0;
    int64_t lines_received = 0;
    bool measuring = o.warmup_ms == 0;
    if (measuring) {
        start_measuring();
    }
    // hot path: no allocation but what the strategy allocates per packet, and a line a second
    int64_t scheduled[kMaxClaim];  // the claimed ticks' scheduled times
    while (true) {
        // One clock read per claim, not per packet: the clock costs about 24 ns on this project's
        // VMs, more than a flat packet's processing. As Java's RealtimeRun.
        // The claimed packets then run through the workload's batch loop, as Java's do.
        int32_t claimed = source.claim(kMaxClaim);
        if (claimed > 0) {
            loss.on_sequences(source.next(claimed, scheduled), claimed);
            w.run(claimed);
        } else {
            ALLOCPOOL_SPIN_PAUSE();
        }
        int64_t now = now_ns();
        if (measuring && claimed > 0) {
            // each packet of the claim counts until the last one is done: an upper bound for the
            // earlier ones, by at most the claim's processing time
            latency.record_until(now, scheduled, claimed, kMaxLatencyNs);
        }
        if (now >= next_line) {
            int64_t lost = loss.lost() - lines_lost;
            int64_t received = loss.received() - lines_received;
            lines_lost = loss.lost();
            lines_received = loss.received();
            int64_t sent = received + lost;
            std::fprintf(human, "%6.1f s%s; since last: %lld ms; received %lld; lost: %lld (%s%%)\n",
                         (now - start) / 1e9, measuring ? "" : " (warm-up)",
                         static_cast<long long>((now - last_line) / 1000000), static_cast<long long>(received),
                         static_cast<long long>(lost), percent_text(sent == 0 ? 0 : lost * 100.0 / sent).c_str());
            last_line = now;
            next_line += kSecondNs;
            if (!measuring && now >= warmup_end) {
                measuring = true;
                start_measuring();
            }
            if (now >= end) {
                break;
            }
        }
    }
    source.stop();
    uint64_t allocated = g_allocated_bytes - allocated_at_warmup;
    for (int64_t sequence = source.poll(); sequence >= 0; sequence = source.poll()) {
        loss.on_sequence(sequence);  // queued in time: received, though not processed
    }
    loss.on_end_of_stream(source.ticks());

    RealtimeFigures f;
    f.interval_ns = o.interval_ns;
    f.sent = source.ticks() - sent_at_warmup;
    f.lost = loss.lost() - lost_at_warmup;
    f.received = loss.received() - received_at_warmup;
    f.loss_percent = f.sent == 0 ? 0 : f.lost * 100.0 / f.sent;
    f.p50 = latency.at_percentile(50);
    f.p99 = latency.at_percentile(99);
    f.p999 = latency.at_percentile(99.9);
    f.max = latency.max();
    f.pinned = pinned;
    w.drain();

    std::fprintf(human, "%s case %s (%s) at %lld ns: sent %lld, received %lld, lost %lld (%s%%); latency p50 %lld ns, "
                 "p99 %lld ns, p99.9 %lld ns, max %lld ns%s\n",
                 o.strategy.c_str(), o.workload_case.c_str(), o.runtime.c_str(), static_cast<long long>(f.interval_ns),
                 static_cast<long long>(f.sent), static_cast<long long>(f.received), static_cast<long long>(f.lost),
                 percent_text(f.loss_percent).c_str(), static_cast<long long>(f.p50), static_cast<long long>(f.p99),
                 static_cast<long long>(f.p999), static_cast<long long>(f.max), f.pinned ? "; pinned" : "");

    std::string realtime = JsonObject()
        .number("intervalNs", f.interval_ns).number("sent", f.sent).number("received", f.received)
        .number("lost", f.lost).number("lossPercent", f.loss_percent)
        .raw("latencyNs", JsonObject().number("p50", f.p50).number("p99", f.p99).number("p999", f.p999)
                              .number("max", f.max).str())
        .boolean("pinned", f.pinned)
        .str();
    return JsonObject()
        .raw("realtime", realtime)
        .number("allocBytesPerPacket", static_cast<double>(allocated) / static_cast<double>(f.received > 0 ? f.received : 1))
        .raw("workload", counts_json(w.counts()))
        .raw("batchWarmupRounds", json_doubles(batch_warmup))
        .str();
}

}  // namespace allocpool
