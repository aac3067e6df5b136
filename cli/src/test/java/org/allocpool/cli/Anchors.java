package org.allocpool.cli;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The anchors GitHub gives a Markdown file's headings: lower case, everything but letters, digits,
 * spaces, hyphens and underscores dropped, spaces made hyphens; a heading met again gets {@code -1},
 * {@code -2}, ... Not thread-safe: one instance per file.
 */
final class Anchors {

    private final Map<String, Integer> seen = new HashMap<>();
    private final Set<String> anchors = new LinkedHashSet<>();

    /** The anchor of {@code heading} (its text without the leading #s), as GitHub makes it for a first occurrence. */
    static String slug(String heading) {
        String text = heading.strip().toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }

    /** Records the next heading of the file and returns its anchor. */
    String add(String heading) {
        String base = slug(heading);
        int n = seen.merge(base, 1, Integer::sum) - 1;
        String anchor = n == 0 ? base : base + "-" + n;
        anchors.add(anchor);
        return anchor;
    }

    /** Whether a link may point at {@code anchor} in this file. */
    boolean has(String anchor) {
        return anchors.contains(anchor);
    }
}
