package org.allocpool.lab.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of the analyzer matrix: which collector, strategy, case and heap a child JVM runs, in
 * batch or real-time mode, the JVM flags and program arguments that say so, and the identity its
 * record should carry. Immutable; safe to share.
 *
 * @param collector the garbage collector
 * @param strategy  the buffer strategy, e.g. {@code pool}
 * @param caseName  the case, {@code A}, {@code B} or {@code C}
 * @param heap      the heap size given to {@code -Xms} and {@code -Xmx}, e.g. {@code 2g}
 * @param realtime  the real-time options of a real-time cell; {@code null} for a batch cell
 */
public record AnalyzerCell(Collector collector, String strategy, String caseName, String heap, RealtimeOptions realtime) {

    /** A batch cell. */
    public AnalyzerCell(Collector collector, String strategy, String caseName, String heap) {
        this(collector, strategy, caseName, heap, null);
    }

    /** {@code batch} or {@code realtime}. */
    public AnalyzerMode mode() {
        return realtime == null ? AnalyzerMode.BATCH : AnalyzerMode.REALTIME;
    }

    /** A name for files and progress lines: {@code G1-pool-B}, and {@code G1-pool-B-realtime} for a real-time cell. */
    public String id() {
        String id = collector.label() + "-" + strategy + "-" + caseName;
        if (realtime == null) {
            return id;
        }
        return id + "-" + (realtime.findsInterval() ? "realtime" : "realtime-" + realtime.intervalNs() + "ns");
    }

    /** What identifies this cell among records (for resuming and tables). */
    public CellKey key() {
        return new CellKey(collector.label(), strategy, caseName, heap,
                realtime == null ? CellKey.BATCH : CellKey.realtimeMeasure(realtime.intervalNs()));
    }

    /** {@code -Xms<heap> -Xmx<heap>}, and for native and flat strategies the article's native memory limit. */
    public List<String> heapFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap));
        if (AnalyzerMatrix.isOffHeap(strategy)) {
            flags.add("-XX:MaxDirectMemorySize=" + AnalyzerMatrix.MAX_DIRECT_MEMORY);
        }
        return List.copyOf(flags);
    }

    /**
     * Collector flags, heap flags, then the unified GC log into {@code gcLog}: the flags the user
     * cannot override. A real-time search starts its probes with the same flags (the GC log aside),
     * so they run under this collector and heap too.
     */
    public List<String> jvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(collector.flags());
        flags.addAll(heapFlags());
        String file = gcLog.toString();
        // -Xlog splits its argument at colons: a path holding one (or a comma) must be quoted
        flags.add("-Xlog:gc*:file=" + (file.contains(":") || file.contains(",") ? "\"" + file + "\"" : file));
        return List.copyOf(flags);
    }

    /**
     * {@code analyzer --strategy S --case C [overrides] --json} for a batch cell;
     * {@code analyzer --strategy S --case C [sizes] --mode realtime --find-interval [timing] --json}
     * (or {@code --interval-ns N} instead of the search) for a real-time one.
     */
    public List<String> programArgs(WorkloadOverrides workload) {
        List<String> args = new ArrayList<>(List.of("analyzer", "--strategy", strategy, "--case", caseName));
        args.addAll(workload.toArgs());
        if (realtime != null) {
            args.addAll(realtime.toArgs());
        }
        args.add("--json");
        return List.copyOf(args);
    }

    /** The cell fields a record of this cell should carry, as far as the lab knows them. */
    public Map<String, Object> intendedCell(WorkloadOverrides workload) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("strategy", strategy);
        cell.put("case", caseName);
        cell.put("mode", mode().label());
        cell.put("gc", collector.label());
        cell.put("heap", heap);
        cell.putAll(workload.cellFields());
        if (realtime != null) {
            cell.putAll(realtime.cellFields());
        }
        return cell;
    }
}
