#include "options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace allocpool {

const char* const kUsage =
    "usage: allocpool-analyzer [--runtime cpp|cpp-flat] [--strategy dummy|alloc|mix|pool] [--case A|B|C]\n"
    "         [--queue N] [--stored N] [--pool N] [--mix-pool N] [--packet-size B] [--keep-one-in K]\n"
    "         [--packets N | --round-time TIME] [--rounds N] [--warmup N] [--max-rounds N] [--no-prefill]\n"
    "         [--warmup-collections N (accepted for Java's sake: C++ has no collector to wait for)]\n"
    "         [--mode batch|realtime] [--interval-ns NS] [--duration TIME] [--warmup-s S]\n"
    "         [--max-delay-ms MS] [--pin] [--find-interval] [--json]\n"
    "The C++ twin of `allocpool analyzer`: the same workload, generator, cases and counts.\n"
    "Batch: fills every store slot and the queue first (--no-prefill times the climb instead), runs\n"
    "--warmup untimed rounds, then --rounds timed ones; while those are not steady (a trend or a step),\n"
    "one more round runs, up to --max-rounds, and the last --rounds count. A round is --packets\n"
    "packets, or whole chunks of 50000 packets until --round-time (e.g. 1s, 500ms) is up.\n"
    "Real time: the prefill, the warm-up rounds and rounds until steady at full speed before the source starts.\n"
    "Defaults as Java: strategy pool, case A, pool 1000000, mix-pool 200000, packet-size 1024 (64 to 65536),\n"
    "keep-one-in 16 (one packet in K is TCP and stored, a power of two to 128), packets 10000000,\n"
    "rounds 10, warmup 5, max-rounds twice rounds; realtime: round-time 1s, warmup 2, rounds 5, max-rounds 20,\n"
    "interval-ns 1000,\n"
    "duration 60s, warmup-s 10, max-delay-ms 100.\n"
    "Human lines go to stderr; --json prints one result record on stdout.\n"
    "Exit codes: 0 ok, 1 the run failed, 2 bad input.\n";

namespace {

int64_t whole(const std::string& option, const std::string& text) {
    if (text.empty()) {
        throw BadInput(option + " needs a whole number, was ''");
    }
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') {
        throw BadInput(option + " needs a whole number, was '" + text + "'");
    }
    return v;
}

int32_t whole_int(const std::string& option, const std::string& text) {
    int64_t v = whole(option, text);
    if (v > std::numeric_limits<int32_t>::max() || v < std::numeric_limits<int32_t>::min()) {
        throw BadInput(option + " is out of range, was " + text);
    }
    return static_cast<int32_t>(v);
}

void at_least(const std::string& option, int64_t value, int64_t min) {
    if (value < min) {
        throw BadInput(option + " must be at least " + std::to_string(min) + ", was " + std::to_string(value));
    }
}

// 60s, 500ms, 5m, 1h, or a bare number of seconds (as the Java side's DurationText).
int64_t duration_ms(const std::string& option, const std::string& text) {
    std::string t;
    for (char c : text) {
        t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    size_t digits = 0;
    while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') {
        digits++;
    }
    std::string unit = t.substr(digits);
    int64_t factor = unit.empty() || unit == "s" ? 1000 : unit == "ms" ? 1 : unit == "m" ? 60000 : unit == "h" ? 3600000 : 0;
    if (digits == 0 || digits > 12 || factor == 0) {
        throw BadInput(option + " must be a positive time such as 60s, 5m or 500ms, was '" + text + "'");
    }
    int64_t ms = std::strtoll(t.substr(0, digits).c_str(), nullptr, 10) * factor;
    if (ms <= 0) {
        throw BadInput(option + " must be a positive time such as 60s, 5m or 500ms, was '" + text + "'");
    }
    return ms;
}

// --check-rounds 101.5,99,100.2: the rounds of one series, each a positive number.
std::vector<double> round_values(const std::string& text) {
    std::vector<double> values;
    size_t start = 0;
    while (true) {
        size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end = nullptr;
        double v = std::strtod(item.c_str(), &end);
        if (item.empty() || *end != '\0' || !(v > 0) || std::isinf(v)) {
            throw BadInput("--check-rounds needs positive numbers separated by commas, was '" + text + "'");
        }
        values.push_back(v);
        if (comma == std::string::npos) {
            return values;
        }
        start = comma + 1;
    }
}

// What the options left out of the plan, as Java's AnalyzerCommand.plan() fills it in: in real
// time, warm-up rounds of a second (unless --packets is given), one timed round (unused there),
// 3 warm-up rounds; max-rounds twice the rounds. Then the plan is validated as Java's RoundPlan.
struct PlanGiven {
    bool packets = false;
    std::string round_time;  // empty when not given
    bool rounds = false;
    bool warmup = false;
    bool max_rounds = false;
};

void complete_plan(Options& o, const PlanGiven& given) {
    if (!given.round_time.empty()) {
        o.round_time_ms = duration_ms("--round-time", given.round_time);
    } else if (o.realtime && !given.packets) {
        o.round_time_ms = 1000;
    }
    if (!given.rounds) {
        o.rounds = o.realtime ? 5 : 10;
    }
    if (!given.warmup) {
        o.warmup = o.realtime ? 2 : 5;
    }
    if (!given.max_rounds) {
        // as Java's AnalyzerCommand: real time 20 unless --rounds was given, else 2 * Math.max(1, rounds)
        // in int arithmetic, overflow included
        o.max_rounds = o.realtime && !given.rounds
                ? 20 : static_cast<int32_t>(2u * static_cast<uint32_t>(o.rounds > 1 ? o.rounds : 1));
    }
    at_least("--packets", o.packets, 1);
    at_least("--warmup", o.warmup, 0);
    at_least("--rounds", o.rounds, 1);
    at_least("--warmup-collections", o.warmup_collections, 0);
    if (o.max_rounds < o.rounds) {
        throw BadInput("--max-rounds must be at least --rounds (" + std::to_string(o.rounds) + "), was "
                       + std::to_string(o.max_rounds));
    }
}

}  // namespace

std::vector<std::string> plan_args(const Options& o) {
    std::vector<std::string> args;
    if (o.round_time_ms > 0) {
        args = {"--round-time", std::to_string(o.round_time_ms) + "ms"};
    } else {
        args = {"--packets", std::to_string(o.packets)};
    }
    for (const std::string& a : {std::string("--rounds"), std::to_string(o.rounds), std::string("--warmup"),
                                 std::to_string(o.warmup), std::string("--max-rounds"), std::to_string(o.max_rounds),
                                 std::string("--warmup-collections"), std::to_string(o.warmup_collections)}) {
        args.push_back(a);
    }
    if (!o.prefill) {
        args.push_back("--no-prefill");
    }
    return args;
}

int64_t ring_capacity(int64_t interval_ns, int32_t max_delay_ms) {
    int64_t capacity = max_delay_ms * int64_t{1000000} / interval_ns;
    if (capacity < 1) {
        capacity = 1;
    }
    if (capacity > kMaxRingCapacity) {
        throw BadInput("a ring of --max-delay-ms " + std::to_string(max_delay_ms) + " at --interval-ns "
                       + std::to_string(interval_ns) + " holds " + std::to_string(capacity) + " entries, over "
                       + std::to_string(kMaxRingCapacity));
    }
    return capacity;
}

Options parse_options(const std::vector<std::string>& args) {
    Options o;
    bool queue_given = false;
    bool stored_given = false;
    PlanGiven plan;
    std::string mode = "batch";
    for (size_t i = 0; i < args.size(); i++) {
        std::string name = args[i];
        std::string value;
        bool has_inline = false;
        size_t eq = name.find('=');
        if (name.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            has_inline = true;
        }
        auto flag = [&]() {
            if (has_inline) {
                throw BadInput("option " + name + " takes no value, was '" + value + "'");
            }
            return true;
        };
        auto next = [&]() -> std::string {
            if (has_inline) {
                return value;
            }
            if (i + 1 >= args.size()) {
                throw BadInput("option " + name + " needs a value");
            }
            return args[++i];
        };
        if (name == "--help" || name == "-h") {
            o.help = flag();
        } else if (name == "--runtime") {
            o.runtime = next();
        } else if (name == "--strategy") {
            o.strategy = next();
        } else if (name == "--case") {
            o.workload_case = next();
        } else if (name == "--queue") {
            o.queue = whole_int(name, next());
            queue_given = true;
        } else if (name == "--stored") {
            o.stored = whole_int(name, next());
            stored_given = true;
        } else if (name == "--pool") {
            o.pool = whole_int(name, next());
        } else if (name == "--mix-pool") {
            o.mix_pool = whole_int(name, next());
        } else if (name == "--packet-size") {
            o.packet_size = whole_int(name, next());
        } else if (name == "--keep-one-in") {
            o.keep_one_in = whole_int(name, next());
        } else if (name == "--packets") {
            o.packets = whole(name, next());
            plan.packets = true;
        } else if (name == "--round-time") {
            plan.round_time = next();
            if (plan.round_time.empty()) {
                throw BadInput("--round-time must be a positive time such as 60s, 5m or 500ms, was ''");
            }
        } else if (name == "--rounds") {
            o.rounds = whole_int(name, next());
            plan.rounds = true;
        } else if (name == "--warmup") {
            o.warmup = whole_int(name, next());
            plan.warmup = true;
        } else if (name == "--max-rounds") {
            o.max_rounds = whole_int(name, next());
            plan.max_rounds = true;
        } else if (name == "--warmup-collections") {
            o.warmup_collections = whole_int(name, next());
        } else if (name == "--prefill") {
            o.prefill = flag();
        } else if (name == "--no-prefill") {
            o.prefill = !flag();
        } else if (name == "--check-rounds") {
            o.check_rounds.push_back(round_values(next()));
        } else if (name == "--mode") {
            mode = next();
        } else if (name == "--interval-ns") {
            o.interval_ns = whole(name, next());
        } else if (name == "--duration") {
            o.duration_ms = duration_ms(name, next());
        } else if (name == "--warmup-s") {
            std::string text = next();
            char* end = nullptr;
            double s = std::strtod(text.c_str(), &end);
            if (text.empty() || *end != '\0' || !(s >= 0) || std::isinf(s)) {
                throw BadInput("--warmup-s must be 0 or more, was '" + text + "'");
            }
            o.warmup_ms = std::llround(s * 1000);
        } else if (name == "--max-delay-ms") {
            o.max_delay_ms = whole_int(name, next());
        } else if (name == "--pin") {
            o.pin = flag();
        } else if (name == "--find-interval") {
            o.find_interval = flag();
        } else if (name == "--json") {
            o.json = flag();
        } else {
            throw BadInput("unknown option '" + args[i] + "'");
        }
    }
    if (o.help) {
        return o;
    }
    if (o.runtime != "cpp" && o.runtime != "cpp-flat") {
        throw BadInput("unknown runtime '" + o.runtime + "'; allowed: cpp, cpp-flat");
    }
    if (o.strategy != "dummy" && o.strategy != "alloc" && o.strategy != "mix" && o.strategy != "pool") {
        throw BadInput("unknown strategy '" + o.strategy + "'; allowed: dummy, alloc, mix, pool");
    }
    int32_t case_size;
    if (o.workload_case == "A" || o.workload_case == "a") {
        case_size = 1000;
    } else if (o.workload_case == "B" || o.workload_case == "b") {
        case_size = 100000;
    } else if (o.workload_case == "C" || o.workload_case == "c") {
        case_size = 495000;
    } else {
        throw BadInput("unknown case '" + o.workload_case + "'; allowed: A, B, C");
    }
    o.workload_case = std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(o.workload_case[0]))));
    if (!queue_given) {
        o.queue = case_size;
    }
    if (!stored_given) {
        o.stored = case_size;
    }
    if (mode == "batch") {
        o.realtime = false;
    } else if (mode == "realtime") {
        o.realtime = true;
    } else {
        throw BadInput("unknown mode '" + mode + "'; allowed: batch, realtime");
    }
    if (o.find_interval && !o.realtime) {
        throw BadInput("--find-interval needs --mode realtime");
    }
    complete_plan(o, plan);  // before the sizes, in Java's order
    at_least("--queue", o.queue, 1);
    at_least("--stored", o.stored, 1);
    at_least("--pool", o.pool, 1);
    at_least("--mix-pool", o.mix_pool, 1);
    // as Java's WorkloadShape
    if (o.packet_size < kMinPacketSize || o.packet_size > kMaxPacketSize) {
        throw BadInput("--packet-size must be " + std::to_string(kMinPacketSize) + " to " + std::to_string(kMaxPacketSize)
                       + " bytes (64 B to 64 KiB), was " + std::to_string(o.packet_size));
    }
    if (o.keep_one_in < 1 || o.keep_one_in > kMaxKeepOneIn || (o.keep_one_in & (o.keep_one_in - 1)) != 0) {
        throw BadInput("--keep-one-in must be a power of two from 1 to " + std::to_string(kMaxKeepOneIn)
                       + " (one packet in N is kept; the article's generator keeps other shares unevenly), was "
                       + std::to_string(o.keep_one_in));
    }
    if (o.realtime) {
        at_least("--interval-ns", o.interval_ns, kMinIntervalNs);
        at_least("--max-delay-ms", o.max_delay_ms, 1);
        ring_capacity(o.interval_ns, o.max_delay_ms);
    }
    return o;
}

}  // namespace allocpool
