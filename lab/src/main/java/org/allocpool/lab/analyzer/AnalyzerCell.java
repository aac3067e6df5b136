package org.allocpool.lab.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the analyzer matrix: which runtime, collector, strategy, case and heap a child runs,
 * in batch or real-time mode, with which workload options, the JVM flags and program arguments that
 * say so, and the cell fields its records should carry. A C++ cell has no collector and no heap: its
 * child is the Java CLI, which execs the C++ analyser, so it gets a small heap and no collector
 * choice. Immutable; safe to share.
 *
 * @param runtime   {@link AnalyzerRuntime#JAVA}, or a C++ build
 * @param collector the garbage collector; {@code null} for a C++ cell
 * @param strategy  the buffer strategy, e.g. {@code pool}
 * @param caseName  the case, {@code A}, {@code B} or {@code C}
 * @param heap      the heap size given to {@code -Xms} and {@code -Xmx}, e.g. {@code 2g}; {@code null} for C++
 * @param workload  the workload and round options every child gets
 * @param realtime  the real-time options of a real-time cell; {@code null} for a batch cell
 * @param shape     the packets' size and share kept ({@link PacketShape#NONE}: the child's, the article's)
 * @param variant   the named JVM configuration it runs in, or {@code null} for the default; none for C++
 * @param heapColumn whether the run gives several heaps, each a column: then the cell's id names its heap
 */
public record AnalyzerCell(AnalyzerRuntime runtime, Collector collector, String strategy, String caseName, String heap,
                           WorkloadOverrides workload, RealtimeOptions realtime, PacketShape shape, JvmVariant variant,
                           boolean heapColumn)
        implements LabCell<AnalyzerCellFields> {

    /**
     * The heap of the JVM that only execs the C++ analyser: it holds the command line and reads one
     * record back, so 64 MB is plenty and keeps it from competing with the C++ program for memory.
     */
    static final String CPP_LAUNCHER_HEAP = "64m";

    /** Pre-faults the whole heap when the JVM starts. */
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

    public AnalyzerCell {
        Objects.requireNonNull(runtime, "runtime");
        workload = workload == null ? WorkloadOverrides.NONE : workload;
        shape = shape == null ? PacketShape.NONE : shape;
        if (runtime.isCpp()) {
            collector = null;
            heap = null;
            variant = null;
        } else {
            Objects.requireNonNull(collector, "collector");
            Objects.requireNonNull(heap, "heap");
        }
    }

    /** A cell of the article's packet shape in the default JVM configuration. */
    public AnalyzerCell(AnalyzerRuntime runtime, Collector collector, String strategy, String caseName, String heap,
                        WorkloadOverrides workload, RealtimeOptions realtime) {
        this(runtime, collector, strategy, caseName, heap, workload, realtime, null, null, false);
    }

    /** A Java cell of the article's packet shape in the default JVM configuration. */
    public AnalyzerCell(Collector collector, String strategy, String caseName, String heap, WorkloadOverrides workload,
                        RealtimeOptions realtime) {
        this(AnalyzerRuntime.JAVA, collector, strategy, caseName, heap, workload, realtime);
    }

    /** A C++ cell of {@code runtime} ({@code cpp} or {@code cpp-flat}); {@code realtime} {@code null} for batch. */
    public static AnalyzerCell cpp(AnalyzerRuntime runtime, String strategy, String caseName, WorkloadOverrides workload,
                                   RealtimeOptions realtime) {
        return cpp(runtime, strategy, caseName, workload, realtime, null);
    }

    /** A C++ cell of {@code runtime} with packets of {@code shape}. */
    public static AnalyzerCell cpp(AnalyzerRuntime runtime, String strategy, String caseName, WorkloadOverrides workload,
                                   RealtimeOptions realtime, PacketShape shape) {
        if (!runtime.isCpp()) {
            throw new IllegalArgumentException("not a C++ runtime: " + runtime.label());
        }
        return new AnalyzerCell(runtime, null, strategy, caseName, null, workload, realtime, shape, null, false);
    }

    /**
     * Why this cell cannot run at all, or {@code null}: a variant's JDK too old for its strategy
     * ({@link JvmVariant#skipReason}). The runner records it as skipped, with the reason, and starts nothing.
     */
    @Override
    public String skipReason() {
        return variant == null ? null : variant.skipReason(strategy);
    }

    /** Whether this cell runs the C++ analyser. */
    public boolean isCpp() {
        return runtime.isCpp();
    }

    /** {@code batch} or {@code realtime}. */
    public AnalyzerMode mode() {
        return realtime == null ? AnalyzerMode.BATCH : AnalyzerMode.REALTIME;
    }

    /**
     * A name for files: {@code G1-pool-B}, {@code cpp-flat-pool-B} (collector labels never start with
     * {@code cpp}), and {@code G1-pool-B-realtime} for a real-time cell; where heaps are a column, packets are not
     * the article's or the cell runs in a variant, {@code -heap10g}, {@code -p256-k4} and {@code -compact} follow.
     */
    @Override
    public String id() {
        String id = (isCpp() ? runtime.label() : collector.label()) + "-" + strategy + "-" + caseName
                + (heapColumn && !isCpp() ? "-heap" + heap : "")
                + shape.idSuffix() + (variant == null ? "" : "-" + variant.name());
        if (realtime == null) {
            return id;
        }
        return id + "-" + (realtime.findsInterval() ? "realtime" : "realtime-" + realtime.intervalNs() + "ns");
    }

    /**
     * How progress lines name it: {@code G1 pool B (heap 2g)}, {@code cpp pool A real time},
     * {@code G1 pool B (heap 2g, compact, 256-byte packets, 1 in 4 kept)}.
     */
    @Override
    public String label() {
        String what = realtime == null ? ""
                : realtime.findsInterval() ? " real time" : " real time at " + realtime.intervalNs() + " ns";
        String packets = shape.isArticle() ? "" : ", " + shape.text();
        if (isCpp()) {
            return runtime.label() + " " + strategy + " " + caseName + what + (packets.isEmpty() ? "" : " (" + packets.substring(2) + ")");
        }
        return collector.label() + " " + strategy + " " + caseName + what + " (heap " + heap
                + (variant == null ? "" : ", " + variant.name()) + packets + ")";
    }

    /** The cell fields a record of this cell should carry, as far as the lab knows them (C++: no gc, no heap). */
    @Override
    public AnalyzerCellFields fields() {
        boolean batch = realtime == null;
        WorkloadOverrides w = workload;
        return new AnalyzerCellFields(strategy, isCpp() ? runtime.label() : null, caseName, mode().label(),
                isCpp() ? null : collector.label(), heap, w.queue(), w.stored(), w.pool(), w.mixPool(),
                w.packets(), w.roundTime() == null ? null : w.roundTime().toMillis(),
                w.rounds(), w.warmup(), w.maxRounds(), w.prefill(),
                batch || !realtime.findsInterval() ? null : Boolean.TRUE, batch ? null : realtime.intervalNs(),
                batch ? null : realtime.maxDelayMs(),
                batch || realtime.duration() == null ? null : realtime.duration().toMillis() / 1000.0,
                batch ? null : realtime.warmupS(), batch ? null : Boolean.TRUE.equals(realtime.pin()),
                shape.packetSize(), shape.keepOneIn(), variant == null ? null : variant.name());
    }

    /**
     * {@code -Xms<heap> -Xmx<heap>}, and for native and flat strategies the article's native memory
     * limit; for a C++ cell only the small heap of the launching JVM.
     */
    public List<String> heapFlags() {
        if (isCpp()) {
            return List.of("-Xmx" + CPP_LAUNCHER_HEAP);
        }
        List<String> flags = new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap));
        if (AnalyzerMatrix.isOffHeap(strategy)) {
            flags.add("-XX:MaxDirectMemorySize=" + AnalyzerMatrix.MAX_DIRECT_MEMORY);
        }
        return List.copyOf(flags);
    }

    /**
     * Collector flags, heap flags, {@link #PRE_TOUCH}, the unified GC log into {@code gcLog}, then the variant's
     * flags, if any: the flags the user cannot override. A real-time search starts its probes with the same flags (the GC log aside),
     * so they run under this collector and heap too. A C++ cell gets its launcher's small heap only:
     * no collector and no GC log, since no Java code of the experiment runs.
     */
    public List<String> jvmFlags(Path gcLog) {
        if (isCpp()) {
            return heapFlags();
        }
        List<String> flags = new ArrayList<>(collector.flags());
        flags.addAll(heapFlags());
        // Touch every heap page at start-up: on a virtual machine the first write to a page can
        // cost microseconds, and a real-time cell's first pass through a large eden then stalls
        // for hundreds of ms (measured: G1 alloc A lost 47% at 1000 ns without it, nothing with it),
        // which is the machine's cost, not the collector's.
        flags.add(PRE_TOUCH);
        flags.add(JvmFileFlags.gcLog(gcLog));
        if (variant != null) {
            flags.addAll(variant.flags());
        }
        return List.copyOf(flags);
    }

    /**
     * The user's {@code --jvm-arg}s for this cell: all of them for a Java cell, none for a C++ one
     * (they would tune a JVM that only execs the C++ analyser, and a {@code -Xms} above its small
     * heap would stop it from starting).
     */
    public List<String> userJvmArgs(List<String> jvmArgs) {
        return isCpp() ? List.of() : jvmArgs;
    }

    /**
     * {@code analyzer --strategy S --case C [workload options] --json} for a batch cell;
     * {@code analyzer --strategy S --case C [options] --mode realtime --find-interval [timing] --json}
     * (or {@code --interval-ns N} instead of the search) for a real-time one; a C++ cell starts with
     * {@code analyzer --runtime cpp|cpp-flat}.
     */
    public List<String> programArgs() {
        List<String> args = new ArrayList<>(List.of("analyzer"));
        if (isCpp()) {
            args.addAll(List.of("--runtime", runtime.label()));
        }
        args.addAll(List.of("--strategy", strategy, "--case", caseName));
        args.addAll(workload.toArgs());
        args.addAll(shape.toArgs());
        if (realtime != null) {
            args.addAll(realtime.toArgs());
        }
        args.add("--json");
        return List.copyOf(args);
    }
}
