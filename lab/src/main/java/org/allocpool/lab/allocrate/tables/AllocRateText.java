package org.allocpool.lab.allocrate.tables;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.Numbers;

/**
 * How the alloc-rate tables write their figures: rates with three significant figures and a unit
 * ({@code 152M}), with their spreads. Never a locale's separators. Thread-safe (stateless).
 */
final class AllocRateText {

    private AllocRateText() {
    }

    /** {@code 152M (140M-160M) ±3%}: the median, the rounds' middle half, ± half the forks' range. */
    static String figure(Figure f) {
        String text = rate(f.median()) + " (" + rate(f.roundsLow()) + "-" + rate(f.roundsHigh()) + ")";
        return f.forks() > 1 ? text + " ±" + Numbers.percent(f.forkSpread()) : text;
    }

    /** {@code 152M}, {@code 45.6k}, {@code 980}. */
    static String rate(double perSecond) {
        if (!Double.isFinite(perSecond)) {
            return "?";
        }
        double abs = Math.abs(perSecond);
        if (abs >= 1e9) {
            return three(perSecond / 1e9) + "G";
        }
        if (abs >= 1e6) {
            return three(perSecond / 1e6) + "M";
        }
        if (abs >= 1e3) {
            return three(perSecond / 1e3) + "k";
        }
        return three(perSecond);
    }

    /** {@code 6.2}, {@code 18}, {@code 0.45}: nanoseconds as the cost tables show them. */
    static String ns(double ns) {
        return Double.isFinite(ns) ? Numbers.compact(ns) : "?";
    }

    /** {@code ×1.85}. */
    static String times(double ratio) {
        return Double.isFinite(ratio) ? "×" + three(ratio) : "?";
    }

    /** {@code 1 thread}, {@code 4 threads}. */
    static String threads(int n) {
        return n + (n == 1 ? " thread" : " threads");
    }

    private static String three(double value) {
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString();
    }
}
