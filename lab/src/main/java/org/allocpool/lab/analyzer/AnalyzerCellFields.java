package org.allocpool.lab.analyzer;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of an analyzer record, as the analyzer (Java or C++) writes it and the lab reads
 * it. A C++ cell has a runtime and no collector or heap; a batch cell has round settings; a
 * real-time cell has its source's settings and either {@code findInterval} or {@code intervalNs}. Every
 * cell written since packets had a shape names it ({@code packetSize}, {@code keepOneIn}); a cell of a
 * named JVM configuration names it ({@code variant}).
 * Fields a record does not carry are {@code null}. Immutable; safe to share.
 */
@JsonPropertyOrder({"strategy", "runtime", "case", "mode", "gc", "heap", "queue", "stored", "pool", "mixPool",
        "packets", "roundMs", "rounds", "warmup", "maxRounds", "prefill", "findInterval", "intervalNs", "maxDelayMs",
        "durationS", "warmupS", "pin", "packetSize", "keepOneIn", "variant"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnalyzerCellFields(String strategy, String runtime, @JsonProperty("case") String caseName, String mode,
                                 String gc, String heap, Integer queue, Integer stored, Integer pool, Integer mixPool,
                                 Long packets, Long roundMs, Integer rounds, Integer warmup, Integer maxRounds,
                                 Boolean prefill, Boolean findInterval, Long intervalNs, Integer maxDelayMs,
                                 Double durationS, Double warmupS, Boolean pin, Integer packetSize, Integer keepOneIn,
                                 String variant)
        implements CellFields {

    /** A cell of the article's packets in the default JVM configuration, as records named it before they had a shape. */
    public AnalyzerCellFields(String strategy, String runtime, String caseName, String mode, String gc, String heap,
                              Integer queue, Integer stored, Integer pool, Integer mixPool, Long packets, Long roundMs,
                              Integer rounds, Integer warmup, Integer maxRounds, Boolean prefill, Boolean findInterval,
                              Long intervalNs, Integer maxDelayMs, Double durationS, Double warmupS, Boolean pin) {
        this(strategy, runtime, caseName, mode, gc, heap, queue, stored, pool, mixPool, packets, roundMs, rounds, warmup,
                maxRounds, prefill, findInterval, intervalNs, maxDelayMs, durationS, warmupS, pin, null, null, null);
    }

    /** The measure of batch cells, and of records that name no mode. */
    public static final String BATCH = "batch";
    /** The measure of a real-time search of the smallest loss-free interval. */
    public static final String REALTIME = "realtime";

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*([kmgt]?)b?");

    /**
     * Runtime, collector, strategy, case, heap (by value: {@code 2g} is {@code 2048m}) and what was
     * measured ({@link #measure()}); then, only where they are not the article's or the default's, the
     * packet size, the share kept and the JVM variant (so that a key of the article's shape is the one
     * it was before packets had a shape): two records with the same key are the same cell.
     */
    @Override
    public String key() {
        String key = String.join("|", runtimeLabel(), isCpp() ? "" : nonNull(gc), nonNull(strategy), nonNull(caseName),
                isCpp() ? "" : normalHeap(heap), measure());
        if (bytesPerPacket() != PacketShape.ARTICLE_PACKET_SIZE) {
            key += "|packetSize=" + bytesPerPacket();
        }
        if (keptOneIn() != PacketShape.ARTICLE_KEEP_ONE_IN) {
            key += "|keepOneIn=" + keptOneIn();
        }
        if (variant != null && !isCpp()) {
            key += "|variant=" + variant;
        }
        return key;
    }

    /** Bytes per packet: the recorded size, the article's 1,024 for a record that names none. */
    @JsonIgnore
    public int bytesPerPacket() {
        return packetSize == null ? PacketShape.ARTICLE_PACKET_SIZE : packetSize;
    }

    /** One packet in this many kept: the recorded share, the article's 16 for a record that names none. */
    @JsonIgnore
    public int keptOneIn() {
        return keepOneIn == null ? PacketShape.ARTICLE_KEEP_ONE_IN : keepOneIn;
    }

    /** {@code java} (also when the record names no runtime), {@code cpp} or {@code cpp-flat}. */
    @JsonIgnore
    public String runtimeLabel() {
        return AnalyzerRuntime.labelOf(runtime);
    }

    /** Whether this is a C++ cell. */
    @JsonIgnore
    public boolean isCpp() {
        return !AnalyzerRuntime.JAVA.label().equals(runtimeLabel());
    }

    /** Whether this is a real-time cell. */
    @JsonIgnore
    public boolean isRealtime() {
        return REALTIME.equals(mode);
    }

    /**
     * {@code batch}; {@code realtime} for the smallest loss-free interval; {@code realtime@500} for the
     * loss at a fixed 500 ns interval.
     */
    @JsonIgnore
    public String measure() {
        if (!isRealtime()) {
            return mode == null || mode.isBlank() ? BATCH : mode;
        }
        return Boolean.TRUE.equals(findInterval) || intervalNs == null ? REALTIME : REALTIME + "@" + intervalNs;
    }

    /** How tables and footnotes name the cell: {@code G1 pool A} or {@code cpp pool A}. */
    @JsonIgnore
    public String label() {
        return (isCpp() ? runtimeLabel() : nonNull(gc)) + " " + nonNull(strategy) + " " + nonNull(caseName);
    }

    /** A C++ cell's row name, {@code cpp pool}; a Java cell's strategy. */
    @JsonIgnore
    public String row() {
        return isCpp() ? runtimeLabel() + " " + nonNull(strategy) : nonNull(strategy);
    }

    /** {@code 2g} and {@code 2048m} both become {@code 2048m}; what does not parse stays as written. */
    static String normalHeap(String heap) {
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

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
