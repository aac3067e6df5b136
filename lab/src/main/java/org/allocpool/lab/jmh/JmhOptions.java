package org.allocpool.lab.jmh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How JMH runs each benchmark in one pass, as its own options say it: forks ({@code -f}), warm-up and
 * measurement iterations and their time ({@code -wi -w -i -r}), the mode ({@code -bm}), and any other
 * options the user passes through. {@code null} leaves JMH's choice (the benchmark's annotations, else
 * JMH's defaults). Immutable.
 *
 * @param forks             JVMs JMH forks per benchmark, or {@code null}
 * @param warmupIterations  warm-up iterations per fork, or {@code null}
 * @param warmupTime        one warm-up iteration's time, or {@code null}
 * @param iterations        measurement iterations per fork, or {@code null}
 * @param iterationTime     one measurement iteration's time, or {@code null}
 * @param mode              {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}, or {@code null}
 * @param extra             further JMH options, passed as they are (e.g. {@code -t 2})
 */
public record JmhOptions(Integer forks, Integer warmupIterations, Duration warmupTime, Integer iterations,
                         Duration iterationTime, String mode, List<String> extra) {

    /** The modes JMH knows, by their short names. */
    public static final List<String> MODES = List.of("thrpt", "avgt", "sample", "ss");

    /** How long a fork of JMH's takes at least beyond its iterations: a JVM start, the benchmark's setup. */
    private static final Duration FORK_OVERHEAD = Duration.ofSeconds(5);
    /** JMH's defaults where the user's annotations may say anything: 5 forks of 5 + 5 iterations of 10 s. */
    private static final Duration UNKNOWN = Duration.ofMinutes(30);

    public JmhOptions {
        extra = extra == null ? List.of() : List.copyOf(extra);
        atLeast("--jmh-forks", forks, 1);
        atLeast("--warmup-iterations", warmupIterations, 0);
        atLeast("--iterations", iterations, 1);
        if (mode != null && !MODES.contains(mode)) {
            throw new IllegalArgumentException("unknown mode '" + mode + "'; allowed: " + String.join(", ", MODES));
        }
    }

    /** JMH's own choice for everything. */
    public static JmhOptions defaults() {
        return new JmhOptions(null, null, null, null, null, null, List.of());
    }

    /** The options on JMH's command line, in its own syntax ({@code -f 1 -wi 1 -w 100ms ...}). */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        add(args, "-bm", mode);
        add(args, "-f", forks);
        add(args, "-wi", warmupIterations);
        add(args, "-w", warmupTime == null ? null : warmupTime.toMillis() + "ms");
        add(args, "-i", iterations);
        add(args, "-r", iterationTime == null ? null : iterationTime.toMillis() + "ms");
        args.addAll(extra);
        return List.copyOf(args);
    }

    /**
     * How long one pass of one benchmark may take: twice what its iterations take plus the forks' start,
     * when forks, iterations and their times are all given; else half an hour (JMH's defaults are five
     * forks of ten 10-second iterations, and a benchmark's annotations may ask for more).
     */
    public Duration timeout() {
        if (forks == null || warmupIterations == null || warmupTime == null || iterations == null
                || iterationTime == null) {
            return UNKNOWN;
        }
        Duration fork = warmupTime.multipliedBy(warmupIterations).plus(iterationTime.multipliedBy(iterations))
                .plus(FORK_OVERHEAD);
        return fork.multipliedBy(2L * forks).plus(Duration.ofSeconds(30));
    }

    private static void atLeast(String option, Integer value, int least) {
        if (value != null && value < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ", not " + value);
        }
    }

    private static void add(List<String> args, String option, Object value) {
        if (value != null) {
            args.add(option);
            args.add(value.toString());
        }
    }
}
