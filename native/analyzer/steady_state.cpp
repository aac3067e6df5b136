#include "steady_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "record.hpp"

namespace allocpool {

namespace {

// As Java's SteadyState: a step or drift under 5% of the median never makes a series unsteady; a
// step must exceed 3 standard deviations of the difference of the halves' medians; a Mann-Kendall
// p under 0.02 is a trend; the median |a - b| of two normal draws is 0.6745 × √2 of their deviation.
constexpr double kTolerance = 0.05;
constexpr double kNoiseFactor = 3.0;
constexpr double kTrendP = 0.02;
constexpr double kMedianStepPerSd = 0.9539;
constexpr double kPi = 3.141592653589793;  // Java's Math.PI

// The mean of the two middle values for an even count, as Java's median.
double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Sen's slope: the median of (x[j] - x[i]) / (j - i) over every pair i < j.
double sen_slope(const std::vector<double>& x) {
    int n = static_cast<int>(x.size());
    std::vector<double> slopes;
    slopes.reserve(static_cast<size_t>(n) * static_cast<size_t>(n - 1) / 2);
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            slopes.push_back((x[j] - x[i]) / (j - i));
        }
    }
    return median(std::move(slopes));
}

// The number of orders of n items with k inversions, for every k, as doubles (as Java sums them).
std::vector<double> mahonian(int n) {
    int max = n * (n - 1) / 2;
    std::vector<double> counts(static_cast<size_t>(max) + 1, 0.0);
    counts[0] = 1;
    int reach = 0;
    for (int items = 2; items <= n; items++) {
        // adding an item can add 0 .. items-1 inversions
        std::vector<double> next(static_cast<size_t>(max) + 1, 0.0);
        for (int k = 0; k <= reach; k++) {
            if (counts[static_cast<size_t>(k)] == 0) {
                continue;
            }
            for (int add = 0; add < items; add++) {
                next[static_cast<size_t>(k + add)] += counts[static_cast<size_t>(k)];
            }
        }
        reach += items - 1;
        counts = std::move(next);
    }
    return counts;
}

// The two-sided p of S = Σ sign(x[j] - x[i]) from its exact distribution under no trend: S is
// pairs minus twice the inversions, whose counts over the n! orders are the Mahonian numbers.
double mann_kendall_p(const std::vector<double>& x) {
    int n = static_cast<int>(x.size());
    int s = 0;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            s += x[j] > x[i] ? 1 : x[j] < x[i] ? -1 : 0;
        }
    }
    if (s == 0) {
        return 1;
    }
    int pairs = n * (n - 1) / 2;
    std::vector<double> inversions = mahonian(n);
    // |S| >= |s| means inversions <= (pairs - |s|) / 2 or >= (pairs + |s|) / 2; the two tails are equal
    int low_tail = (pairs - std::abs(s)) / 2;
    double tail = 0;
    double total = 0;
    for (size_t k = 0; k < inversions.size(); k++) {
        total += inversions[k];
        if (static_cast<int>(k) <= low_tail) {
            tail += inversions[k];
        }
    }
    return std::min(1.0, 2 * tail / total);
}

std::string percent(double fraction) { return java_fixed(fraction * 100, 0, true) + "%"; }

std::string reason_of(bool trend, bool step, double shift, double noise, double drift, double trend_p) {
    if (trend) {
        return (drift < 0 ? "still falling: " : "still rising: ") + percent(drift) + " across the rounds (p = "
               + java_fixed(trend_p, 3) + ")";
    }
    if (step) {
        return "a step of " + percent(shift) + " between the halves, beyond the noise (" + java_fixed(noise * 100, 0)
               + "%)";
    }
    return "steady";
}

}  // namespace

SteadyState check_steady_state(const std::vector<double>& rounds) {
    const int n = static_cast<int>(rounds.size());
    if (n == 0) {
        throw std::invalid_argument("no rounds to check");
    }
    SteadyState s;
    s.rounds = n;
    if (n < kMinSteadyRounds) {
        s.reason = "too few rounds to check (" + std::to_string(n) + " < " + std::to_string(kMinSteadyRounds) + ")";
        return s;
    }
    const double m = median(rounds);
    const int half = n / 2;
    double first_median = median(std::vector<double>(rounds.begin(), rounds.begin() + half));
    double second_median = median(std::vector<double>(rounds.end() - half, rounds.end()));
    s.shift = (second_median - first_median) / m;
    double slope = sen_slope(rounds);
    std::vector<double> steps;
    std::vector<double> detrended;
    for (int i = 1; i < n; i++) {
        steps.push_back(std::fabs(rounds[i] - rounds[i - 1]));
        detrended.push_back(std::fabs(rounds[i] - rounds[i - 1] - slope));
    }
    // For normal noise the median step from one round to the next is 0.954 of its deviation; a
    // step in the series moves that median little, a trend adds its slope to every step (which
    // the detrended steps take out): the smaller serves, so that neither passes for noise.
    s.noise = std::min(median(steps), median(detrended)) / kMedianStepPerSd / m;
    // two medians of `half` rounds each differ by sqrt(pi / half) deviations, typically
    double step_limit = std::max(kTolerance, kNoiseFactor * std::sqrt(kPi / half) * s.noise);
    s.drift = slope * (n - 1) / m;
    s.trend_p = mann_kendall_p(rounds);

    bool step = std::fabs(s.shift) > step_limit;
    bool trend = s.trend_p < kTrendP && std::fabs(s.drift) > kTolerance;
    s.reason = reason_of(trend, step, s.shift, s.noise, s.drift, s.trend_p);
    s.steady = !step && !trend;
    return s;
}

std::string steady_state_json(const SteadyState& s) {
    return JsonObject()
        .boolean("steady", s.steady).text("reason", s.reason).number("rounds", int64_t{s.rounds})
        .number("shift", s.shift).number("noise", s.noise).number("drift", s.drift).number("trendP", s.trend_p)
        .str();
}

std::string java_fixed(double value, int decimals, bool plus) {
    // Java's sign test is Double.compare(value, 0.0) < 0: -0.0 (and -0.3 to no places) prints "-0"
    const bool negative = std::signbit(value);
    const double a = std::fabs(value);
    std::string digits = "0";
    int point = 1;  // a = 0.<digits> × 10^point
    if (a != 0) {
        char buf[40];
        for (int precision = 0; precision <= 16; precision++) {
            std::snprintf(buf, sizeof buf, "%.*e", precision, a);
            if (std::strtod(buf, nullptr) == a) {
                break;  // the shortest digits that read back as `a`, as Double.toString finds them
            }
        }
        const char* e = std::strchr(buf, 'e');
        digits.clear();
        for (const char* c = buf; c < e; c++) {
            if (*c != '.') {
                digits += *c;
            }
        }
        point = std::atoi(e + 1) + 1;
    }
    const int keep = point + decimals;
    if (keep < static_cast<int>(digits.size())) {
        bool up = keep >= 0 && digits[static_cast<size_t>(keep)] >= '5';
        digits.resize(static_cast<size_t>(keep > 0 ? keep : 0));
        if (up) {
            int i = static_cast<int>(digits.size()) - 1;
            for (; i >= 0 && digits[static_cast<size_t>(i)] == '9'; i--) {
                digits[static_cast<size_t>(i)] = '0';
            }
            if (i >= 0) {
                digits[static_cast<size_t>(i)]++;
            } else {
                digits.insert(0, 1, '1');
                point++;
            }
        }
    }
    auto digit = [&](int i) { return i >= 0 && i < static_cast<int>(digits.size()) ? digits[static_cast<size_t>(i)] : '0'; };
    std::string out = negative ? "-" : plus ? "+" : "";
    if (point <= 0) {
        out += '0';
    }
    for (int i = 0; i < point; i++) {
        out += digit(i);
    }
    if (decimals > 0) {
        out += '.';
        for (int i = point; i < point + decimals; i++) {
            out += digit(i);
        }
    }
    return out;
}

}  // namespace allocpool
