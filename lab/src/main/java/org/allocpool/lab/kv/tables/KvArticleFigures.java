package org.allocpool.lab.kv.tables;

import java.util.List;

/**
 * The figures published in "A persistent KeyValue Server in 40 lines and a sad fact" (2015): its
 * 15-million-user HashMap against its off-heap map of serialized users, and its encoding speeds.
 * Measured on a 3 GHz Xeon 2x6 with a JDK of 2015: for shapes and ratios, not absolute values.
 * Immutable; thread-safe.
 */
final class KvArticleFigures {

    static final String CITATION = "\"A persistent KeyValue Server in 40 lines and a sad fact\" (2015): 15,000,000"
            + " users of ~60 bytes serialized, 3 GHz Xeon 2x6, a JDK of 2015. Other hardware, JDK and user record:"
            + " compare shapes and ratios, not absolute values.";

    /** Users the article loaded. */
    static final long USERS = 15_000_000;

    /**
     * One row of the article's map table.
     *
     * @param label        the article's name for it
     * @param heapMb       Java heap MB
     * @param fullGcMs     full GC (the article gives seconds)
     * @param nativeHeapMb native heap MB
     * @param getPutPerS   get/put per second (one figure for both)
     * @param vmSizeMb     VM size MB (virtual size, not resident)
     * @param ours         the contender of ours it is shown beside
     */
    record MapRow(String label, double heapMb, double fullGcMs, double nativeHeapMb, double getPutPerS,
                  double vmSizeMb, String ours) {
    }

    /** The article's on-heap map. */
    static final MapRow HASHMAP = new MapRow("HashMap", 6_865, 26_039, 0, 3_800_000, 12_000, "hashmap");
    /** The article's off-heap map. */
    static final MapRow OFF_HEAP = new MapRow("off-heap map (serialized)", 63, 26, 3_050, 750_000, 500, "allocpool");

    static final List<MapRow> MAPS = List.of(HASHMAP, OFF_HEAP);

    /**
     * One row of the article's encoding table: a price update with an embedded instrument, encoded per second.
     *
     * @param label         the article's name for it
     * @param encodesPerS   encodes per second
     * @param ours          our codec it is shown beside, or {@code null}
     */
    record EncodingRow(String label, double encodesPerS, String ours) {
    }

    /** The article's structs, our flyweight's forerunner: its fastest encoding. */
    static final EncodingRow STRUCTS = new EncodingRow("structs", 26_315_000, "flyweight");
    /** The article's fast serialization without shared references (FST), our Fory's forerunner. */
    static final EncodingRow FAST_SERIALIZATION = new EncodingRow("fast serialization (no shared refs)", 7_757_000, "fory");

    static final List<EncodingRow> ENCODINGS = List.of(
            STRUCTS,
            FAST_SERIALIZATION,
            new EncodingRow("fast serialization", 5_102_000, null),
            new EncodingRow("JDK (unshared)", 649_000, null),
            new EncodingRow("JDK", 644_000, "jdk"));

    /** The article's JDK figure, the base of its ratios. */
    static final double JDK_ENCODES_PER_S = 644_000;

    private KvArticleFigures() {
    }
}
