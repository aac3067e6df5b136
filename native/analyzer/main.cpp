// allocpool-analyzer: the C++ twin of `allocpool analyzer`, the article's "write it in C++ and
// avoid allocation" baseline, run beside the Java analyser on the same machine. See options.cpp
// for the command line. Bad input: one line on stderr, exit 2. A failed run: exit 1, with a
// failed record on stdout under --json.
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "analyzer.hpp"
#include "batch.hpp"
#include "options.hpp"
#include "realtime.hpp"
#include "record.hpp"
#include "steady_state.hpp"

using namespace allocpool;

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    Options o;
    try {
        o = parse_options(args);
    } catch (const BadInput& e) {
        std::fprintf(stderr, "allocpool-analyzer: %s (see 'allocpool-analyzer --help')\n", e.what());
        return 2;
    }
    if (o.help) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (!o.check_rounds.empty()) {
        // hidden: the steady-state check of each series, one JSON object a line, for the Java test
        // that holds this port to Java's SteadyState
        for (const std::vector<double>& series : o.check_rounds) {
            std::printf("%s\n", steady_state_json(check_steady_state(series)).c_str());
        }
        return 0;
    }
    // Human lines go to stderr with --json, where stdout holds only the record; line-buffered so
    // a parent streaming them sees each line as it comes.
    std::FILE* human = o.json ? stderr : stdout;
    setvbuf(human, nullptr, _IOLBF, 0);
    std::string metrics;
    std::string error;
    try {
        if (!o.realtime) {
            metrics = run_batch(o, human);
        } else if (o.find_interval) {
            metrics = find_interval(o, "/proc/self/exe", human);
        } else {
            metrics = run_realtime(o, human);
        }
    } catch (const BadInput& e) {
        std::fprintf(stderr, "allocpool-analyzer: %s\n", e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        error = "out of memory (std::bad_alloc): lower --pool, --queue or --stored";
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!error.empty()) {
        if (o.json) {
            std::printf("%s\n", failed_record(o, error).c_str());
        } else {
            std::fprintf(stderr, "allocpool: analyzer failed: %s\n", error.c_str());
        }
        return 1;
    }
    if (o.json) {
        std::printf("%s\n", ok_record(o, metrics).c_str());
    }
    return 0;
}
