package org.allocpool.lab.report;

import java.util.List;

/**
 * Charts that belong together under one heading of a report, e.g. one collector's batch figures.
 * Immutable; safe to share.
 *
 * @param title  the heading
 * @param intro  a sentence or two said once above the charts; may be empty
 * @param charts the charts, in the order shown
 */
public record ChartSection(String title, String intro, List<Chart> charts) {

    public ChartSection {
        title = title == null ? "" : title;
        intro = intro == null ? "" : intro;
        charts = List.copyOf(charts);
    }
}
