package org.allocpool.lab.analyzer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes two analyzer records the same cell: runtime, collector, strategy, case, heap and what
 * was measured. C++ cells have no collector and no heap (both empty), so {@code cpp pool A} and
 * {@code cpp-flat pool A} differ by runtime alone. Heap sizes compare by value ({@code 2g} equals {@code 2048m}). A batch cell and a
 * real-time cell of the same strategy and case are different cells, and so are a real-time search
 * and a loss measured at one fixed interval. Immutable; safe to share.
 *
 * @param runtime  {@code java} (also for records that name none), {@code cpp} or {@code cpp-flat}
 * @param gc       the collector's label, e.g. {@code G1}; empty for C++
 * @param strategy the strategy, e.g. {@code pool}
 * @param caseName the case, e.g. {@code B}
 * @param heap     the heap size as written, e.g. {@code 2g}; empty when unknown
 * @param measure  {@code batch}; {@code realtime} for the smallest loss-free interval; {@code realtime@500}
 *                 for the loss at a fixed 500 ns interval
 */
public record CellKey(String runtime, String gc, String strategy, String caseName, String heap, String measure) {

    /** The measure of batch cells, and of records that name no mode (written before real time existed). */
    public static final String BATCH = "batch";

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*([kmgt]?)b?");

    public CellKey {
        runtime = AnalyzerRuntime.labelOf(runtime);
        heap = normalHeap(heap);
        measure = measure == null || measure.isBlank() ? BATCH : measure;
    }

    /** A Java cell's key. */
    public CellKey(String gc, String strategy, String caseName, String heap, String measure) {
        this(AnalyzerRuntime.JAVA.label(), gc, strategy, caseName, heap, measure);
    }

    /** A Java batch cell's key. */
    public CellKey(String gc, String strategy, String caseName, String heap) {
        this(gc, strategy, caseName, heap, BATCH);
    }

    /** The key of the record whose {@code cell} object is {@code cell}. */
    public static CellKey of(JsonNode cell) {
        return new CellKey(cell.path("runtime").asText(""), cell.path("gc").asText(""),
                cell.path("strategy").asText(""), cell.path("case").asText(""), cell.path("heap").asText(""),
                measureOf(cell));
    }

    /** {@code batch}, {@code realtime} (a search) or {@code realtime@N} (loss at N ns), from a record's cell. */
    public static String measureOf(JsonNode cell) {
        String mode = cell.path("mode").asText(BATCH);
        if (!AnalyzerMode.REALTIME.label().equals(mode)) {
            return BATCH.equals(mode) || mode.isBlank() ? BATCH : mode;
        }
        return realtimeMeasure(cell.path("findInterval").asBoolean(false) || !cell.path("intervalNs").isNumber()
                ? null : cell.path("intervalNs").asLong());
    }

    /** {@code realtime} for a search ({@code intervalNs} null), {@code realtime@N} for a fixed interval. */
    static String realtimeMeasure(Long intervalNs) {
        return intervalNs == null ? AnalyzerMode.REALTIME.label() : AnalyzerMode.REALTIME.label() + "@" + intervalNs;
    }

    /** {@code 2g} and {@code 2048m} both become {@code 2048m}; what does not parse stays as written. */
    private static String normalHeap(String heap) {
        if (heap == null) {
            return "";
        }
        Matcher m = SIZE.matcher(heap.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return heap.strip();
        }
        long n = Long.parseLong(m.group(1));
        long kib = switch (m.group(2)) {
            case "k" -> n;
            case "m" -> n * 1024;
            case "g" -> n * 1024 * 1024;
            case "t" -> n * 1024 * 1024 * 1024;
            default -> n / 1024;
        };
        return kib % 1024 == 0 ? kib / 1024 + "m" : kib + "k";
    }
}
