// The lab's progress marker, as Java's org.allocpool.metrics.progress.ProgressMarker prints it: a line
// "progress: <where>" on the stream meant for people (stderr with --json, so stdout keeps only the
// record). The lab follows a cell's stderr and shows the latest <where> on its progress line.
// A probe of --find-interval is a child of this program whose stderr is its parent's: the parent puts
// the probe's own <where> in ALLOCPOOL_PROGRESS_PREFIX, and the child's markers begin with it
// ("probe 3 at 120 ns: round 2 of 5"). Markers are printed only when ALLOCPOOL_PROGRESS is set (the lab
// sets it for every child), so that a person running the program by hand reads its round lines alone. Called from the run's one thread, between rounds: not a hot path.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace allocpool {

// The environment variable a parent sets to prefix its child's markers.
inline constexpr const char* kProgressPrefixVariable = "ALLOCPOOL_PROGRESS_PREFIX";

// The environment variable that asks for markers (any value).
inline constexpr const char* kProgressVariable = "ALLOCPOOL_PROGRESS";

inline void say_progress(std::FILE* human, const std::string& where) {
    if (std::getenv(kProgressVariable) == nullptr) {
        return;
    }
    const char* prefix = std::getenv(kProgressPrefixVariable);
    std::fprintf(human, "progress: %s%s\n", prefix != nullptr ? prefix : "", where.c_str());
    std::fflush(human);
}

}  // namespace allocpool
