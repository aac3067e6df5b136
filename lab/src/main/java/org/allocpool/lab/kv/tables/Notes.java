package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbered notes under a table: {@code failed [1]} in a cell, the reason once below. Not
 * thread-safe: one per rendering.
 */
final class Notes {

    private final Map<String, Integer> numbers = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();

    /** {@code [n]} for {@code text}, numbered the first time it is met. */
    String mark(String text) {
        String one = text.replaceAll("[\\r\\n]+", " ");
        Integer n = numbers.get(one);
        if (n == null) {
            n = numbers.size() + 1;
            numbers.put(one, n);
            lines.add("[" + n + "] " + one);
        }
        return "[" + n + "]";
    }

    /** The notes added since the last call, one per line; empty if none. */
    String drain() {
        StringBuilder out = new StringBuilder();
        lines.forEach(l -> out.append(l).append('\n'));
        lines.clear();
        return out.toString();
    }
}
