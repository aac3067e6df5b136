// --find-interval, the same search as Java's IntervalSearch and IntervalFinder: a short batch run
// gives the start (the batch ns/packet, rounded up to 10 ns); the interval doubles, capped at
// 1000 ns, until a probe loses nothing; then bisects between the widest losing and the narrowest
// loss-free interval down to 10 ns. Each run is a fresh process of this program (no heap or cache
// history carried over), whose record is read back from its stdout; each probe gets the plan's
// options, so that it prefills and runs its warm-up rounds before its source starts.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "progress.hpp"
#include "realtime.hpp"
#include "record.hpp"

extern char** environ;

namespace allocpool {

namespace {

constexpr int64_t kMaxIntervalNs = 1000;
constexpr int64_t kResolutionNs = 10;
constexpr int64_t kMinIntervalNs = 10;
constexpr int kMaxProbes = 16;

struct Probe {
    RealtimeFigures figures;
    std::string metrics;  // the probe's metrics object, as it printed it
};

// Runs this program with `args`; returns its stdout. Its stderr is ours.
std::string run_self(const std::string& self, const std::vector<std::string>& args) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {
        throw std::runtime_error("find-interval: cannot make a pipe");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(self.c_str()));
    for (const auto& a : args) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    pid_t pid;
    int rc = posix_spawn(&pid, self.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_fds[1]);
    if (rc != 0) {
        close(pipe_fds[0]);
        throw std::runtime_error("find-interval: cannot start " + self);
    }
    std::string out;
    char buf[4096];
    ssize_t n;
    while ((n = read(pipe_fds[0], buf, sizeof buf)) > 0) {
        out.append(buf, static_cast<size_t>(n));
    }
    close(pipe_fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0 || out.find("\"status\":\"ok\"") == std::string::npos) {
        std::string error;
        size_t at = out.find("\"error\":\"");
        if (at != std::string::npos) {
            error = ": " + out.substr(at + 9, out.find('"', at + 9) - at - 9);
        }
        throw std::runtime_error("probe exited with code " + std::to_string(code) + error);
    }
    return out;
}

// The number after "key": in `json`, from `from` on.
double number_after(const std::string& json, const std::string& key, size_t from = 0) {
    size_t at = json.find("\"" + key + "\":", from);
    if (at == std::string::npos) {
        throw std::runtime_error("a probe's record has no " + key);
    }
    return std::strtod(json.c_str() + at + key.size() + 3, nullptr);
}

// The object after "key": (balanced braces; our records hold no braces in strings there).
std::string object_after(const std::string& json, const std::string& key) {
    size_t at = json.find("\"" + key + "\":{");
    if (at == std::string::npos) {
        throw std::runtime_error("a probe's record has no " + key);
    }
    size_t start = at + key.size() + 3;
    int depth = 0;
    for (size_t i = start; i < json.size(); i++) {
        if (json[i] == '{') {
            depth++;
        } else if (json[i] == '}' && --depth == 0) {
            return json.substr(start, i - start + 1);
        }
    }
    throw std::runtime_error("a probe's record is cut short");
}

// How finely intervals near ns are told apart: kResolutionNs (the article's 10 ns), or where that is
// finer the largest of 5, 2 and 1 ns within a twentieth of the interval. As Java's IntervalSearch.stepAt.
int64_t step_at(double ns) {
    int64_t twentieth = static_cast<int64_t>(ns / 20);
    if (twentieth >= kResolutionNs) {
        return kResolutionNs;
    }
    return std::min<int64_t>(kResolutionNs, twentieth >= 5 ? 5 : twentieth >= 2 ? 2 : 1);
}
int64_t round_up(double ns) {
    int64_t step = step_at(ns);
    return static_cast<int64_t>(std::ceil(ns / static_cast<double>(step))) * step;
}
// Within the source's narrowest interval (10 ns, as --interval-ns allows) and the widest.
int64_t clamp(int64_t ns) { return ns < kMinIntervalNs ? kMinIntervalNs : ns > kMaxIntervalNs ? kMaxIntervalNs : ns; }

std::vector<std::string> workload_args(const Options& o) {
    return {"--runtime", o.runtime, "--strategy", o.strategy, "--case", o.workload_case,
            "--queue", std::to_string(o.queue), "--stored", std::to_string(o.stored),
            "--pool", std::to_string(o.pool), "--mix-pool", std::to_string(o.mix_pool),
            "--packet-size", std::to_string(o.packet_size), "--keep-one-in", std::to_string(o.keep_one_in)};
}

}  // namespace

std::string find_interval(const Options& o, const std::string& self, std::FILE* human) {
    // as Java's IntervalFinder: prefilled, 2 warm-up and 3 timed rounds of 1 M, no extra rounds
    std::vector<std::string> batch = workload_args(o);
    for (const char* a : {"--packets", "1000000", "--rounds", "3", "--warmup", "2", "--max-rounds", "3", "--json"}) {
        batch.push_back(a);
    }
    std::fprintf(human, "find-interval: a short batch run for the starting point...\n");
    std::fflush(human);
    say_progress(human, "batch run for the starting point");
    setenv(kProgressPrefixVariable, "starting point: ", 1);
    double batch_ns = number_after(run_self(self, batch), "median");
    unsetenv(kProgressPrefixVariable);
    std::fprintf(human, "find-interval: batch %.1f ns/packet; probing from there\n", batch_ns);

    int probes_run = 0;
    const int64_t ring_delay_ns = static_cast<int64_t>(o.max_delay_ms) * 1000000;
    auto probe = [&](int64_t interval) {
        const std::string where = "probe " + std::to_string(++probes_run) + " at " + std::to_string(interval) + " ns";
        say_progress(human, where);
        std::fprintf(human, "find-interval: probe at %lld ns\n", static_cast<long long>(interval));
        std::fflush(human);
        std::vector<std::string> args = workload_args(o);
        std::vector<std::string> plan = plan_args(o);  // the probe's warm-up in batch, before its source
        args.insert(args.end(), plan.begin(), plan.end());
        std::vector<std::string> rt = {"--mode", "realtime", "--interval-ns", std::to_string(interval),
                                       "--duration", std::to_string(o.duration_ms) + "ms",
                                       "--warmup-s", json_double(o.warmup_ms / 1000.0),
                                       "--max-delay-ms", std::to_string(o.max_delay_ms)};
        args.insert(args.end(), rt.begin(), rt.end());
        if (o.pin) {
            args.push_back("--pin");
        }
        args.push_back("--json");
        setenv(kProgressPrefixVariable, (where + ": ").c_str(), 1);
        std::string record = run_self(self, args);
        unsetenv(kProgressPrefixVariable);
        Probe p;
        p.metrics = object_after(record, "metrics");
        std::string realtime = object_after(p.metrics, "realtime");
        RealtimeFigures& f = p.figures;
        f.interval_ns = static_cast<int64_t>(number_after(realtime, "intervalNs"));
        f.sent = static_cast<int64_t>(number_after(realtime, "sent"));
        f.received = static_cast<int64_t>(number_after(realtime, "received"));
        f.lost = static_cast<int64_t>(number_after(realtime, "lost"));
        f.loss_percent = number_after(realtime, "lossPercent");
        f.p99 = static_cast<int64_t>(number_after(realtime, "p99"));
        f.max = static_cast<int64_t>(number_after(realtime, "max"));
        const bool late = f.lost == 0 && f.max > ring_delay_ns;
        std::fprintf(human, "find-interval: %lld ns lost %s%%%s\n", static_cast<long long>(interval),
                     percent_text(f.loss_percent).c_str(),
                     late ? (", but a packet waited " + std::to_string(f.max / 1000000) + " ms, longer than the ring's "
                             + std::to_string(o.max_delay_ms) + " ms: the source fell behind its schedule; not kept up")
                                .c_str()
                          : "");
        return p;
    };
    // A probe kept up: nothing lost, and no packet processed later than the ring's depth after it was
    // due (a source that fell behind its schedule writes overdue ticks late and never fills the ring).
    // As Java's IntervalSearch.keptUp.
    auto kept_up = [&](const RealtimeFigures& f) { return f.lost == 0 && f.max <= ring_delay_ns; };

    const int64_t start = clamp(round_up(batch_ns));
    std::vector<Probe> runs;
    int64_t losing = 0;
    int loss_free = -1;
    int chosen = -1;
    bool has_min = false;
    double loss_at_max = 0;
    int64_t interval = start;
    while (static_cast<int>(runs.size()) < kMaxProbes) {
        runs.push_back(probe(interval));
        if (kept_up(runs.back().figures)) {
            loss_free = static_cast<int>(runs.size()) - 1;
            break;
        }
        losing = interval;
        if (interval >= kMaxIntervalNs) {
            break;
        }
        interval = clamp(round_up(static_cast<double>(interval * 2)));
    }
    if (loss_free < 0) {  // lost even at the widest interval (or ran out of probes widening)
        chosen = static_cast<int>(runs.size()) - 1;
        loss_at_max = runs.back().figures.loss_percent;
    } else {
        while (runs[static_cast<size_t>(loss_free)].figures.interval_ns - losing
                   > step_at(static_cast<double>(runs[static_cast<size_t>(loss_free)].figures.interval_ns))
               && static_cast<int>(runs.size()) < kMaxProbes && losing > 0) {
            int64_t free_interval = runs[static_cast<size_t>(loss_free)].figures.interval_ns;
            int64_t middle = round_up(static_cast<double>((losing + free_interval) / 2));
            if (middle >= free_interval) {
                break;
            }
            runs.push_back(probe(middle));
            if (kept_up(runs.back().figures)) {
                loss_free = static_cast<int>(runs.size()) - 1;
            } else {
                losing = middle;
            }
        }
        chosen = loss_free;
        has_min = true;
    }

    std::string probes = "[";
    for (size_t i = 0; i < runs.size(); i++) {
        const RealtimeFigures& f = runs[i].figures;
        probes += (i == 0 ? "" : ",")
                  + JsonObject().number("intervalNs", f.interval_ns).number("sent", f.sent).number("lost", f.lost)
                        .number("lossPercent", f.loss_percent).number("p99LatencyNs", f.p99)
                        .number("maxLatencyNs", f.max).str();
    }
    probes += "]";
    JsonObject search;
    if (has_min) {
        search.number("minIntervalNs", runs[static_cast<size_t>(chosen)].figures.interval_ns);
    } else {
        search.number("lossPercentAtMax", loss_at_max);
    }
    search.number("maxIntervalNs", kMaxIntervalNs).number("resolutionNs", kResolutionNs)
        .number("startIntervalNs", start).raw("probes", probes);
    if (has_min) {
        std::fprintf(human, "find-interval: %s case %s (%s): %lld ns\n", o.strategy.c_str(), o.workload_case.c_str(),
                     o.runtime.c_str(), static_cast<long long>(runs[static_cast<size_t>(chosen)].figures.interval_ns));
    } else {
        std::fprintf(human, "find-interval: %s case %s (%s): lost: %s%% at %lld ns\n", o.strategy.c_str(),
                     o.workload_case.c_str(), o.runtime.c_str(), percent_text(loss_at_max).c_str(),
                     static_cast<long long>(kMaxIntervalNs));
    }
    // the chosen probe's metrics with the search before its batchWarmupRounds, Java's field order
    std::string metrics = runs[static_cast<size_t>(chosen)].metrics;
    size_t at = metrics.rfind(",\"batchWarmupRounds\":");
    if (at == std::string::npos) {
        at = metrics.size() - 1;
    }
    return metrics.substr(0, at) + ",\"search\":" + search.str() + metrics.substr(at);
}

}  // namespace allocpool
