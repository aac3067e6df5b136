package org.allocpool.lab.jmh.tables;

import org.allocpool.lab.text.Numbers;

/**
 * How the jmh tables write a score, whose size depends on the user's benchmark (ns to billions of ops/s):
 * three significant figures, with k, M or G from a thousand up ({@link Numbers#threeFigures}). Stateless.
 */
final class JmhText {

    private JmhText() {
    }

    /** {@code 52.1}, {@code 0.00345}, {@code 12.3k}, {@code 4.56M}. */
    static String score(double value) {
        return Numbers.threeFigures(value);
    }

    /** {@code 52.1 (48-56.3)}, or {@code 52.1} without an interval. */
    static String withInterval(ScoreInterval interval) {
        return score(interval.estimate()) + (interval.hasInterval()
                ? " (" + score(interval.low()) + "-" + score(interval.high()) + ")" : "");
    }

    /** Allocated bytes per operation: {@code 83}, {@code 0}, {@code 0.0012}. */
    static String bytes(double value) {
        return Numbers.compact(value);
    }
}
