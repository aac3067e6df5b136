package org.allocpool.lab.analyzer;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes two analyzer records the same cell: collector, strategy, case and heap. Heap sizes
 * compare by value ({@code 2g} equals {@code 2048m}). Immutable; safe to share.
 *
 * @param gc       the collector's label, e.g. {@code G1}
 * @param strategy the strategy, e.g. {@code pool}
 * @param caseName the case, e.g. {@code B}
 * @param heap     the heap size as written, e.g. {@code 2g}; empty when unknown
 */
public record CellKey(String gc, String strategy, String caseName, String heap) {

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*([kmgt]?)b?");

    public CellKey {
        heap = normalHeap(heap);
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
