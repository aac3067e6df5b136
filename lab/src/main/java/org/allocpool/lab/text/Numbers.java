package org.allocpool.lab.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers as the tables show them: three significant figures or so, never a locale's separators,
 * so that a table reads the same on every machine. Shared by every lab's tables. Thread-safe (stateless).
 */
public final class Numbers {

    private Numbers() {
    }

    /** {@code 4300}, {@code 78}, {@code 7.3}, {@code 0.60}, {@code 0.045}: whole numbers from 10 up, two significant figures below 1. */
    public static String compact(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "?";
        }
        double abs = Math.abs(value);
        if (abs >= 10 || value == 0) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (abs >= 1) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return new BigDecimal(value).round(new MathContext(2, RoundingMode.HALF_UP)).toPlainString();
    }

    /**
     * {@code 152M}, {@code 45.6k}, {@code 980}, {@code 0.0345}: three significant figures, with k, M or G from a
     * thousand up, never a locale's separators; {@code ?} for what is not a number.
     */
    public static String threeFigures(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "?";
        }
        double abs = Math.abs(value);
        if (abs >= 1e9) {
            return significant(value / 1e9) + "G";
        }
        if (abs >= 1e6) {
            return significant(value / 1e6) + "M";
        }
        if (abs >= 1e3) {
            return significant(value / 1e3) + "k";
        }
        return value == 0 ? "0" : significant(value);
    }

    private static String significant(double value) {
        return new BigDecimal(value).round(new MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString();
    }

    /** A fraction (0.28) as a percentage ({@code 28%}, {@code 1.5%}, {@code 0.02%}). */
    public static String percent(double fraction) {
        return compact(fraction * 100) + "%";
    }

    /** A percentage as the article's real-time table writes losses: {@code 4.4}, {@code 75}, {@code 0.6}, {@code 0.0025}. */
    public static String lossPercent(double percent) {
        String text = compact(percent);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    /** A count in millions with three decimals, as the article's "live objects (M)": {@code 0.045}. */
    public static String millions(long count) {
        return String.format(Locale.ROOT, "%.3f", count / 1e6);
    }
}
