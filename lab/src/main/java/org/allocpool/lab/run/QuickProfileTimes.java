package org.allocpool.lab.run;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.allocpool.lab.text.DurationText;

/**
 * How long each lab's quick profile takes on 2 cores: the one place that says it. The help texts
 * quote these constants, the README's experiment table must repeat them word for word (the docs
 * check in {@code cli} compares them), and the runner prints the stated time beside the time a quick
 * run actually took, so that a reader sees at once when the statement has gone stale.
 *
 * <p>Each {@code measured} text is a run recorded in {@code docs/results/}; change it only with a new
 * measurement there. Immutable; any thread.
 */
public final class QuickProfileTimes {

    /** {@code lab} / {@code lab analyzer}: the quick profile adds passes while the run stays within its 14-minute budget. */
    public static final String ANALYZER = "about 10 minutes (at most 14)";
    public static final String KV = "about 4 minutes";
    public static final String ECHO = "7 to 10 minutes";
    public static final String ANALYZER_MT = "about 4 minutes";
    public static final String ALLOC_RATE = "2.5 to 4 minutes";
    public static final String FIRST_ALLOC = "about 3 minutes";
    public static final String MESSAGING = "about 2-3 minutes";

    /**
     * One lab's quick-profile time.
     *
     * @param experiment the experiment's name in records ({@code analyzer}, {@code kv}, ...)
     * @param stated     what the help and the README say, one of the constants above
     * @param measured   the runs that statement rests on: wall time, load, date
     */
    public record Entry(String experiment, String stated, String measured) {
    }

    private static final List<Entry> TABLE = List.of(
            new Entry("analyzer", ANALYZER, "9m20s, 9m36s, 9m54s: three runs in a row, load 1.2-1.8, 2026-11-28"),
            new Entry("kv", KV, "4m18s (all five contenders, load not recorded), 2026-11-25"),
            new Entry("echo", ECHO, "6m52s at load 2.6-5"),
            new Entry("analyzer-mt", ANALYZER_MT, "3m50s at load 6.0-13.4"),
            new Entry("alloc-rate", ALLOC_RATE, "2m24s to 4m13s in four runs"),
            new Entry("first-alloc", FIRST_ALLOC, "about 3 minutes on a quiet machine (no timed run recorded)"),
            new Entry("messaging", MESSAGING, "2m11s including the build, at load 8"));

    private QuickProfileTimes() {
    }

    /** Every lab's entry, in the order of the README's table. */
    public static List<Entry> all() {
        return TABLE;
    }

    /** The entry of {@code experiment}, empty for one with no quick profile of its own. */
    public static Optional<Entry> of(String experiment) {
        return TABLE.stream().filter(e -> e.experiment().equals(experiment)).findFirst();
    }

    /**
     * The line a finished run of {@code cells} cells prints: what it took, and beside it the stated time
     * of the quick profile's default matrix when {@code profile} is {@code quick}; for another profile,
     * or {@code null} (a shard, a resumed run, real time: not what the statement is about), only what it
     * took. A run narrowed by flags is not the default matrix: the cell count lets a reader see that.
     */
    public static String line(String experiment, String profile, Duration took, int cells) {
        String base = "this run took " + DurationText.format(took) + " for " + cells + (cells == 1 ? " cell" : " cells");
        if (!"quick".equals(profile)) {
            return base;
        }
        return of(experiment)
                .map(e -> base + "; the quick profile's default matrix is stated as " + e.stated() + " on 2 cores"
                        + " (measured: " + e.measured() + ")")
                .orElse(base);
    }
}
