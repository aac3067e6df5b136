package org.allocpool.lab.compare;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.lab.text.Numbers;

/**
 * How much worse a figure must get before {@code lab compare} calls it slower (and how much better
 * before it calls it faster), as a fraction: {@code 0.10} for 10%. Written and read as a percent with
 * its sign ({@code 10%}, {@code 2.5%}), never as a bare number: {@code 0.1} could mean 10% or 0.1%.
 * Immutable; safe to share.
 *
 * @param fraction the threshold, above zero: {@code 0.10} for 10%
 */
public record Threshold(double fraction) {

    /** The default: 10%, the agreement the lab asks of a quick profile with a long one. */
    public static final Threshold DEFAULT = new Threshold(0.10);

    private static final Pattern PERCENT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*%\\s*");

    public Threshold {
        if (!(fraction > 0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("a threshold must be above 0%, not " + fraction * 100 + "%");
        }
    }

    /**
     * The threshold written {@code text}: a positive percent with its sign, {@code 10%} or {@code 2.5%}.
     *
     * @throws IllegalArgumentException naming {@code text} when it is not one
     */
    public static Threshold parse(String text) {
        Matcher m = PERCENT.matcher(text == null ? "" : text);
        if (!m.matches() || !(Double.parseDouble(m.group(1)) > 0)) {
            throw new IllegalArgumentException("--threshold '" + text + "' is not a positive percent: write it with its"
                    + " sign, e.g. 10% (the default) or 2.5%");
        }
        return new Threshold(Double.parseDouble(m.group(1)) / 100);
    }

    /** Whether a change by {@code factor} (worse over better, at least 1) goes beyond this threshold. */
    public boolean isExceededBy(double factor) {
        return factor > 1 + fraction;
    }

    /** {@code 10%}, {@code 2.5%}. */
    public String text() {
        return Numbers.percent(fraction);
    }
}
