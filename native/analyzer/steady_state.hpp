// Whether a series of timed rounds shows a steady state: Java's
// org.allocpool.metrics.stats.SteadyState, ported operation for operation (same constants, same
// exact Mann-Kendall p from the Mahonian numbers, same reasons), so that a C++ cell and a Java cell
// are judged by one rule. A Java test runs both over many series (--check-rounds) and compares.
// Stateless functions; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace allocpool {

// The verdict and the figures behind it, every figure relative to the median round.
struct SteadyState {
    bool steady = false;
    std::string reason;  // "steady", or what was found ("still falling: -12% across the rounds (p = 0.001)")
    int32_t rounds = 0;
    double shift = 0;    // second half's median minus the first half's
    double noise = 0;    // the rounds' scatter, one standard deviation for normal noise
    double drift = 0;    // Sen's slope times rounds - 1
    double trend_p = 1;  // two-sided Mann-Kendall p-value (1 for no trend at all)
};

// Fewest rounds the check looks at; fewer are "too few rounds to check" and not steady.
constexpr int32_t kMinSteadyRounds = 4;

// Checks `rounds` (in the order measured; at least one, all positive); throws std::invalid_argument
// when there are none.
SteadyState check_steady_state(const std::vector<double>& rounds);

// {"steady":..,"reason":..,"rounds":..,"shift":..,"noise":..,"drift":..,"trendP":..}, Java's field order.
std::string steady_state_json(const SteadyState& s);

// `value` with `decimals` places as Java's String.format("%.Nf") writes it ("%+.Nf" with `plus`):
// Java rounds the shortest decimal that reads back as the double, half up, where printf rounds the
// binary value half to even; they differ on ties such as 0.125 to two places.
std::string java_fixed(double value, int decimals, bool plus = false);

}  // namespace allocpool
