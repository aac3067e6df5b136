package org.allocpool.lab.report;

/**
 * One chart of a report: its title, a caption that says in words what to read in it, and its
 * drawing as inline SVG (no script, no external resource). Immutable; safe to share.
 *
 * @param title   what it shows, e.g. {@code G1: ns/packet, strategy x case}
 * @param caption how to read it: what the marks, whiskers and hatching mean
 * @param svg     the {@code <svg>} element
 */
public record Chart(String title, String caption, String svg) {

    public Chart {
        title = title == null ? "" : title;
        caption = caption == null ? "" : caption;
        if (svg == null || !svg.startsWith("<svg")) {
            throw new IllegalArgumentException("a chart's drawing is one <svg> element");
        }
    }
}
