package org.allocpool.lab.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The analyzer's matrix: its strategies and cases (the lab's one list of them), the article's heap
 * per kind of strategy, and the expansion of settings into cells (collector, then strategy, then
 * case). Thread-safe (stateless).
 */
public final class AnalyzerMatrix {

    /** Every strategy of the analyzer, in the order tables list them. */
    public static final List<String> STRATEGIES = List.of(
            "dummy", "alloc", "mix", "pool",
            "native-dummy", "native-alloc", "native-mix", "native-pool",
            "flat");

    /** Every case of the analyzer: A (queue and store 1,000), B (100,000), C (495,000). */
    public static final List<String> CASES = List.of("A", "B", "C");

    /** The article's heap for strategies that keep packets on the heap. */
    public static final String ON_HEAP = "2g";
    /** The article's heap for native and flat strategies, which keep packet bytes off the heap... */
    public static final String OFF_HEAP = "1g";
    /** ...and may use this much native memory. */
    public static final String MAX_DIRECT_MEMORY = "2g";

    private AnalyzerMatrix() {
    }

    /** Whether {@code strategy} keeps its packet bytes off the heap ({@code native-*} and {@code flat}). */
    public static boolean isOffHeap(String strategy) {
        return strategy.startsWith("native-") || strategy.equals("flat");
    }

    /** A heap size by value, so that {@code 2g} and {@code 2048m} compare equal. */
    public static String sameHeap(String heap) {
        return AnalyzerCellFields.normalHeap(heap);
    }

    /** The article's heap size for {@code strategy}: {@code 2g}, or {@code 1g} off the heap. */
    public static String defaultHeap(String strategy) {
        return isOffHeap(strategy) ? OFF_HEAP : ON_HEAP;
    }

    /**
     * Every cell the settings ask for: the default JVM configuration, then each variant; in each,
     * collector, then strategy, then heap (each given, else the article's), then case, then packet
     * shape; then the C++ cells, once whatever the collectors, heaps and variants (runtime, then
     * strategy, then case, then packet shape).
     */
    public static List<AnalyzerCell> expand(AnalyzerLabSettings settings) {
        List<AnalyzerCell> cells = new ArrayList<>();
        List<JvmVariant> configurations = new ArrayList<>();
        configurations.add(null);
        configurations.addAll(settings.variants());
        for (JvmVariant variant : configurations) {
            for (Collector collector : settings.collectors()) {
                for (String strategy : settings.strategies()) {
                    List<String> heaps = settings.heaps().isEmpty() ? List.of(defaultHeap(strategy)) : settings.heaps();
                    for (String heap : heaps) {
                        for (String caseName : settings.cases()) {
                            for (PacketShape shape : settings.shapes()) {
                                cells.add(new AnalyzerCell(AnalyzerRuntime.JAVA, collector, strategy, caseName, heap,
                                        settings.workload(), settings.realtime(), shape, variant,
                                        settings.heaps().size() > 1));
                            }
                        }
                    }
                }
            }
        }
        for (AnalyzerRuntime runtime : AnalyzerRuntime.cpp()) {
            for (String strategy : settings.cppStrategies()) {
                for (String caseName : settings.cases()) {
                    for (PacketShape shape : settings.shapes()) {
                        cells.add(AnalyzerCell.cpp(runtime, strategy, caseName, settings.workload(), settings.realtime(),
                                shape));
                    }
                }
            }
        }
        return List.copyOf(cells);
    }

    /**
     * {@code name} as the analyzer spells it (lower case).
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    static String strategy(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        if (!STRATEGIES.contains(wanted)) {
            throw new IllegalArgumentException("unknown strategy '" + name.strip() + "'; allowed: "
                    + String.join(", ", STRATEGIES) + " (or all)");
        }
        return wanted;
    }

    /**
     * {@code name} as the analyzer spells it (upper case).
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    static String caseName(String name) {
        String wanted = name.strip().toUpperCase(Locale.ROOT);
        if (!CASES.contains(wanted)) {
            throw new IllegalArgumentException("unknown case '" + name.strip() + "'; allowed: "
                    + String.join(", ", CASES));
        }
        return wanted;
    }
}
