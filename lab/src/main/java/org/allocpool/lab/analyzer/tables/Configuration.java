package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.PacketShape;

/**
 * One configuration a set of analyzer tables shows, never mixed with another: the JVM variant, the
 * heap (only when a run set several heaps side by side; else each strategy's heap, as the tables
 * always showed it) and the packets' shape. Immutable; safe to share.
 *
 * @param variant    the named JVM configuration, or {@code null} for the default
 * @param heap       the heap of every cell, or {@code null} when heaps are not a column of the run
 * @param packetSize bytes per packet
 * @param keepOneIn  one packet in this many kept
 */
record Configuration(String variant, String heap, int packetSize, int keepOneIn) {

    /** The cell's configuration; its heap only when {@code byHeap}. */
    static Configuration of(AnalyzerCellFields cell, boolean byHeap) {
        return new Configuration(cell.isCpp() ? null : cell.variant(), byHeap && !cell.isCpp() ? cell.heap() : null,
                cell.bytesPerPacket(), cell.keptOneIn());
    }

    /** Whether its packets are the article's. */
    boolean isArticleShape() {
        return packetSize == PacketShape.ARTICLE_PACKET_SIZE && keepOneIn == PacketShape.ARTICLE_KEEP_ONE_IN;
    }

    /** Whether C++ cells of {@code cpp}'s shape belong beside it (C++ has no variant and no heap). */
    boolean sharesShape(Configuration cpp) {
        return packetSize == cpp.packetSize && keepOneIn == cpp.keepOneIn;
    }

    /** The packets' shape in words: {@code 1,024-byte packets, 1 in 16 kept}. */
    String shapeText() {
        return PacketShape.text(packetSize, keepOneIn);
    }

    /**
     * How headings name it: its variant, {@code heap 10g} when heaps are a column, the packets' shape when it is
     * not the article's; {@code default} when none of these.
     */
    String label() {
        List<String> parts = new ArrayList<>();
        if (variant != null) {
            parts.add(variant);
        }
        if (heap != null) {
            parts.add("heap " + heap);
        }
        if (!isArticleShape()) {
            parts.add(shapeText());
        }
        return parts.isEmpty() ? "default" : String.join(", ", parts);
    }

    /**
     * The configuration {@code this} is set beside in the verdict: {@code this} with its first dimension that
     * differs from {@code baseline} (variant, packet size, share kept, heap, in that order) set to the baseline's,
     * so that each comparison changes one thing; the baseline itself when that one was not run.
     */
    Configuration reference(Configuration baseline, List<Configuration> present) {
        Configuration one;
        if (!Objects.equals(variant, baseline.variant)) {
            one = new Configuration(baseline.variant, heap, packetSize, keepOneIn);
        } else if (packetSize != baseline.packetSize) {
            one = new Configuration(variant, heap, baseline.packetSize, keepOneIn);
        } else if (keepOneIn != baseline.keepOneIn) {
            one = new Configuration(variant, heap, packetSize, baseline.keepOneIn);
        } else {
            one = new Configuration(variant, baseline.heap, packetSize, keepOneIn);
        }
        return present.contains(one) ? one : baseline;
    }

    /**
     * What {@code this} and {@code other} share that a heading should say, {@code  (heap 2g, 256-byte packets, 1 in 16
     * kept)}: the variant, heap and packet shape where they are the same and not the default; empty when none.
     */
    String common(Configuration other) {
        List<String> parts = new ArrayList<>();
        if (variant != null && variant.equals(other.variant)) {
            parts.add(variant);
        }
        if (heap != null && heap.equals(other.heap)) {
            parts.add("heap " + heap);
        }
        if (!isArticleShape() && packetSize == other.packetSize && keepOneIn == other.keepOneIn) {
            parts.add(shapeText());
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /** What differs between {@code this} and {@code other}, as a verdict names the change: {@code compact}, {@code heap 10g}. */
    String change(Configuration other) {
        List<String> parts = new ArrayList<>();
        if (!Objects.equals(variant, other.variant)) {
            parts.add(variant == null ? "default" : variant);
        }
        if (!Objects.equals(heap, other.heap)) {
            parts.add("heap " + heap);
        }
        if (packetSize != other.packetSize || keepOneIn != other.keepOneIn) {
            parts.add(shapeText());
        }
        return parts.isEmpty() ? label() : String.join(", ", parts);
    }
}
