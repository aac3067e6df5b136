package org.allocpool.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.gauge.RunGauge;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.report.HostGaugeChart;
import org.allocpool.lab.report.HtmlReport;
import org.allocpool.lab.store.RunInfo;

/**
 * The {@code report.html} of a results folder's records: for each report given whose experiment has
 * records among them, one part per environment, kept apart as the tables keep them
 * ({@link EnvironmentGroups}), each with its tables, verdict and charts. Thread-safe (stateless).
 */
public final class ReportPage {

    private ReportPage() {
    }

    /** The page of {@code reports}' records among {@code nodes}, environments grouped as {@code grouping} says. */
    public static String render(List<JsonNode> nodes, List<RunInfo> runs, List<? extends Report<?, ?>> reports,
                                EnvironmentGroups.Grouping grouping) {
        List<HtmlReport.Part> parts = new ArrayList<>();
        List<String> experiments = new ArrayList<>();
        for (Report<?, ?> report : reports) {
            String experiment = report.recordType().experiment();
            if (nodes.stream().anyMatch(n -> experiment.equals(n.path("experiment").asText()))) {
                parts.addAll(parts(nodes, runs, report, grouping));
                experiments.add(experiment);
            }
        }
        HostGaugeChart.section(RunGauge.of(nodes).readings()).ifPresent(gauge ->
                parts.add(new HtmlReport.Part("host gauge", "", List.of(gauge))));
        return HtmlReport.render("allocpool lab report" + (experiments.isEmpty() ? "" : ": " + String.join(", ", experiments)),
                parts);
    }

    private static <F extends CellFields, M> List<HtmlReport.Part> parts(List<JsonNode> nodes, List<RunInfo> runs,
                                                                          Report<F, M> report,
                                                                          EnvironmentGroups.Grouping grouping) {
        ExperimentRecords<F, M> mine = ExperimentRecords.of(nodes, runs, report, grouping);
        String experiment = mine.experiment();
        List<RunInfo> own = mine.runs();
        List<EnvironmentGroups.Group<F, M>> groups = mine.groups();
        String warning = mine.warning("every table and chart");
        List<HtmlReport.Part> parts = new ArrayList<>();
        for (EnvironmentGroups.Group<F, M> group : groups) {
            String heading = groups.size() == 1 ? experiment : experiment + ", environment: " + group.description();
            parts.add(new HtmlReport.Part(heading, (parts.isEmpty() ? warning : "") + report.render(group.records(), own),
                    report.charts(group.records(), own)));
        }
        if (groups.isEmpty()) {
            parts.add(new HtmlReport.Part(experiment, warning + report.render(List.of(), own), List.of()));
        }
        return parts;
    }
}
