package org.allocpool.lab.analyzer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.allocpool.lab.run.CellTimeouts;
import org.allocpool.process.JvmCommand;

/**
 * Everything an analyzer lab run needs to know, validated and with defaults filled in: after
 * construction every component holds what will run. Names in lists may be comma-separated
 * ({@code G1,ZGC}); collectors, strategies and cases ignore case; the strategy {@code all} names
 * every one. Immutable; safe to share.
 *
 * @param profile       quick (default) or full
 * @param gcs           collector labels; empty or {@code null} for the profile's collectors
 * @param strategies    strategies; empty or {@code null} for the profile's
 * @param cases         cases; empty or {@code null} for the profile's
 * @param heap          heap size for every cell ({@code --heap 10g}), or several, comma-separated, each a column of
 *                      its own ({@code --heap 2g,10g}); {@code null} for the article's per strategy
 * @param jvmArgs       JVM arguments appended for every cell ({@code --jvm-arg})
 * @param javaHome      a JDK whose {@code bin/java} runs the cells ({@code --java}), or {@code null} for this one
 * @param cellTimeout   how long one fork of a cell may run; {@code null} for the profile's (in real time made
 *                      longer in proportion when {@code --duration}/{@code --warmup-s} make probes longer)
 * @param workload      workload and round options for the children; the profile's fill what is {@code null}
 *                      in batch (in real time the rounds are those run in batch before the source starts,
 *                      the child's defaults unless given)
 * @param mode          batch (default) or realtime
 * @param realtime      real-time options for the children, the profile's filling what is {@code null}; after
 *                      construction {@code null} in batch mode (where setting any is refused)
 * @param includeCpp    whether to add C++ cells ({@code cpp} and {@code cpp-flat}, once per run, not per
 *                      collector); {@code null} for yes
 * @param forks         JVMs per cell, at least 1; {@code null} for the profile's
 * @param cppStrategies after construction, the C++ strategies the C++ cells run, empty when none: when
 *                      strategies are named, those of them the C++ analyser has (dummy, alloc, mix, pool),
 *                      else the profile's; pass {@code null}
 * @param packetSizes   bytes per packet, one set of cells each ({@code --packet-size 256,4096}); empty or
 *                      {@code null} for the analyzer's default, the article's 1,024
 * @param keepOneIns    shares of packets kept, one in N, one set of cells each ({@code --keep-one-in}); empty or
 *                      {@code null} for the article's 16
 * @param variants      named JVM configurations, each run beside the default one with its own cells
 *                      ({@code --variant}); empty or {@code null} for none
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record AnalyzerLabSettings(Profile profile, List<String> gcs, List<String> strategies, List<String> cases,
                                  String heap, List<String> jvmArgs, Path javaHome, Duration cellTimeout,
                                  WorkloadOverrides workload, AnalyzerMode mode, RealtimeOptions realtime,
                                  Boolean includeCpp, Integer forks, List<String> cppStrategies,
                                  List<Integer> packetSizes, List<Integer> keepOneIns, List<JvmVariant> variants) {

    /** The strategy name that stands for every strategy. */
    public static final String ALL = "all";

    /** Seconds a real-time probe costs beyond its warm-up and duration: starting and stopping its source. */
    private static final double PROBE_OVERHEAD_S = 1;

    private static final Pattern HEAP_SIZE = Pattern.compile("\\d{1,9}[kmgt]?", Pattern.CASE_INSENSITIVE);

    public AnalyzerLabSettings {
        profile = profile == null ? Profile.QUICK : profile;
        mode = mode == null ? AnalyzerMode.BATCH : mode;
        gcs = names(gcs, name -> Collector.byName(name).label(),
                profile.collectors(mode).stream().map(Collector::label).toList());
        List<String> named = names(strategies, AnalyzerLabSettings::strategyOrAll, List.of());
        if (named.contains(ALL)) {
            named = AnalyzerMatrix.STRATEGIES;
        }
        strategies = named.isEmpty() ? profile.strategies(mode) : named;
        includeCpp = includeCpp == null || includeCpp;
        cppStrategies = !includeCpp ? List.of()
                : named.isEmpty() ? profile.cppStrategies()
                : named.stream().map(AnalyzerLabSettings::cppCounterpart).filter(AnalyzerRuntime.CPP_STRATEGIES::contains)
                        .distinct().toList();
        cases = names(cases, AnalyzerMatrix::caseName, profile.cases(mode));
        if (heap != null) {
            List<String> heaps = names(List.of(heap), AnalyzerLabSettings::heapSize, List.of());
            heap = heaps.isEmpty() ? null : String.join(",", heaps);
        }
        packetSizes = distinct(packetSizes, size -> new PacketShape(size, null).packetSize());
        keepOneIns = distinct(keepOneIns, keep -> new PacketShape(null, keep).keepOneIn());
        variants = variants == null ? List.of() : List.copyOf(variants);
        Set<String> variantNames = new LinkedHashSet<>();
        for (JvmVariant variant : variants) {
            if (!variantNames.add(variant.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("--variant " + variant.name() + " is given twice; name each once");
            }
        }
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        if (forks != null && forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        forks = forks == null ? profile.forks() : forks;
        workload = workload == null ? WorkloadOverrides.NONE : workload;
        if (mode == AnalyzerMode.BATCH) {
            if (realtime != null && !realtime.isEmpty()) {
                throw new IllegalArgumentException("--duration, --warmup-s, --max-delay-ms, --pin and --interval-ns"
                        + " are real-time options; add --mode realtime");
            }
            workload = workload.over(profile.workload());
            realtime = null;
        } else {
            realtime = (realtime == null ? RealtimeOptions.NONE : realtime).over(profile.realtime());
        }
        if (cellTimeout == null) {
            cellTimeout = mode == AnalyzerMode.REALTIME
                    ? scaled(profile.cellTimeout(mode), profile.realtime(), realtime)
                    : profile.cellTimeout(mode);
        }
    }

    /** The article's packets in the default JVM configuration only. */
    public AnalyzerLabSettings(Profile profile, List<String> gcs, List<String> strategies, List<String> cases,
                               String heap, List<String> jvmArgs, Path javaHome, Duration cellTimeout,
                               WorkloadOverrides workload, AnalyzerMode mode, RealtimeOptions realtime,
                               Boolean includeCpp, Integer forks, List<String> cppStrategies) {
        this(profile, gcs, strategies, cases, heap, jvmArgs, javaHome, cellTimeout, workload, mode, realtime, includeCpp,
                forks, cppStrategies, null, null, null);
    }

    /** The quick or full profile in {@code mode} with every default. */
    public static AnalyzerLabSettings of(Profile profile, AnalyzerMode mode) {
        return new AnalyzerLabSettings(profile, null, null, null, null, null, null, null, null, mode, null, null, null,
                null);
    }

    /** The heaps given, in order ({@code --heap 2g,10g}); empty for the article's per strategy. */
    public List<String> heaps() {
        return heap == null ? List.of() : List.of(heap.split(","));
    }

    /** The packet shapes every cell runs with, one set of cells each: packet sizes, then shares kept. */
    public List<PacketShape> shapes() {
        return PacketShape.product(packetSizes, keepOneIns);
    }

    /**
     * The options every child gets, whatever its cell: the workload's, the packet shape's when a single
     * one was given, then for real time the mode, search or interval and timing. What the run's
     * description records.
     */
    public List<String> childArgs() {
        List<String> args = new ArrayList<>(workload.toArgs());
        List<PacketShape> shapes = shapes();
        if (shapes.size() == 1) {
            args.addAll(shapes.getFirst().toArgs());
        }
        if (realtime != null) {
            args.addAll(realtime.toArgs());
        }
        return List.copyOf(args);
    }

    /** The collectors, in the order given. */
    public List<Collector> collectors() {
        return gcs.stream().map(Collector::byName).toList();
    }

    /**
     * The C++ strategy a Java strategy is compared with: its own name for the heap ones, the heap twin of a
     * native one, and {@code pool} for {@code flat} (beside {@code cpp-flat pool}, as the Java / C++ table pairs them).
     */
    private static String cppCounterpart(String strategy) {
        if (strategy.equals("flat")) {
            return "pool";
        }
        return strategy.startsWith("native-") ? strategy.substring("native-".length()) : strategy;
    }

    private static String strategyOrAll(String name) {
        return name.strip().equalsIgnoreCase(ALL) ? ALL : AnalyzerMatrix.strategy(name);
    }

    /**
     * The profile's real-time timeout, made longer in proportion when {@code --duration} or
     * {@code --warmup-s} make each probe longer than the profile's (a search runs the same number of
     * probes whatever they last).
     */
    private static Duration scaled(Duration timeout, RealtimeOptions profile, RealtimeOptions given) {
        double ratio = (probeSeconds(given) + PROBE_OVERHEAD_S) / (probeSeconds(profile) + PROBE_OVERHEAD_S);
        return CellTimeouts.lengthened(timeout, ratio);
    }

    /** Warm-up and duration of one probe, with the analyzer's defaults (10 s, 60 s) where unset. */
    private static double probeSeconds(RealtimeOptions options) {
        double warmup = options.warmupS() != null ? options.warmupS() : 10;
        double duration = options.duration() != null ? options.duration().toMillis() / 1000.0 : 60;
        return warmup + duration;
    }

    private static String heapSize(String given) {
        String heap = given.strip().toLowerCase(Locale.ROOT);
        if (!HEAP_SIZE.matcher(heap).matches() || heap.matches("0+[kmgt]?")) {
            throw new IllegalArgumentException("bad heap size '" + heap + "'; expected e.g. 2g, 10g or 512m");
        }
        return heap;
    }

    private static List<Integer> distinct(List<Integer> given, UnaryOperator<Integer> checked) {
        if (given == null) {
            return List.of();
        }
        Set<Integer> values = new LinkedHashSet<>();
        for (Integer value : given) {
            if (value != null) {
                values.add(checked.apply(value));
            }
        }
        return List.copyOf(values);
    }

    private static List<String> names(List<String> given, UnaryOperator<String> canonical, List<String> defaults) {
        if (given == null) {
            return defaults;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                if (!name.isBlank()) {
                    names.add(canonical.apply(name));
                }
            }
        }
        return names.isEmpty() ? defaults : List.copyOf(new ArrayList<>(names));
    }
}
