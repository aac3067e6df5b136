package org.allocpool.lab.jmh.tables;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import org.allocpool.lab.text.Numbers;

/**
 * How the jmh tables write a score, whose size depends on the user's benchmark (ns to billions of ops/s):
 * three significant figures, with k, M or G from ten thousand up. Stateless.
 */
final class JmhText {

    private JmhText() {
    }

    /** {@code 52.1}, {@code 0.00345}, {@code 12.3k}, {@code 4.56M}. */
    static String score(double value) {
        if (!Double.isFinite(value)) {
            return "?";
        }
        double abs = Math.abs(value);
        if (abs >= 1e9) {
            return significant(value / 1e9) + "G";
        }
        if (abs >= 1e6) {
            return significant(value / 1e6) + "M";
        }
        if (abs >= 1e4) {
            return significant(value / 1e3) + "k";
        }
        return value == 0 ? "0" : significant(value);
    }

    /** {@code 52.1 (48.0-56.3)}, or {@code 52.1} without an interval. */
    static String withInterval(ScoreInterval interval) {
        return score(interval.estimate()) + (interval.hasInterval()
                ? " (" + score(interval.low()) + "-" + score(interval.high()) + ")" : "");
    }

    /** Allocated bytes per operation: {@code 83}, {@code 0}, {@code 0.0012}. */
    static String bytes(double value) {
        return Numbers.compact(value);
    }

    private static String significant(double value) {
        String text = new BigDecimal(value).round(new MathContext(3, RoundingMode.HALF_UP)).toPlainString();
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%.0f", value) : text;
    }
}
