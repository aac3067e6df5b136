package org.allocpool.lab.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.gauge.RunGauge;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.run.Report;
import org.allocpool.metrics.env.Environment;

/**
 * Two runs set side by side ({@code lab compare BEFORE AFTER}): for each experiment and environment
 * both hold, every cell's headline figure ({@link Report#figures}) before and after, judged faster,
 * slower or within noise against a threshold and the figures' spreads ({@link CellChange}). Runs from
 * different machines or JDKs are compared when each holds one environment (the user chose to), and
 * a note says so; where a run holds several, each is compared with the other run's of the same name,
 * and the others are named in a note. Everything a rendering needs (Markdown now, a page with charts
 * later) is here. Immutable once made; safe to share.
 */
public final class RunComparison {

    /**
     * One run to compare.
     *
     * @param name     how to name it, e.g. its folder
     * @param records  its records, every experiment's, in the order written
     * @param grouping what counts as one environment in it ({@link org.allocpool.lab.merge.RunMerge#grouping})
     */
    public record Run(String name, List<JsonNode> records, EnvironmentGroups.Grouping grouping) {

        public Run {
            records = List.copyOf(records);
        }
    }

    private final String before;
    private final String after;
    private final Threshold threshold;
    private final List<String> notes;
    private final List<ExperimentComparison> experiments;

    private RunComparison(String before, String after, Threshold threshold, List<String> notes,
                          List<ExperimentComparison> experiments) {
        this.before = before;
        this.after = after;
        this.threshold = threshold;
        this.notes = List.copyOf(notes);
        this.experiments = List.copyOf(experiments);
    }

    /**
     * Compares {@code after} with {@code before}, experiment by experiment as {@code reports} list them.
     *
     * @throws IllegalArgumentException naming a run that holds no record of any of these experiments
     */
    public static RunComparison of(Run before, Run after, List<? extends Report<?, ?>> reports, Threshold threshold) {
        requireRecords(before, reports);
        requireRecords(after, reports);
        boolean byKind = before.grouping() == EnvironmentGroups.Grouping.KIND
                || after.grouping() == EnvironmentGroups.Grouping.KIND;
        EnvironmentGroups.Grouping grouping = byKind ? EnvironmentGroups.Grouping.KIND : EnvironmentGroups.Grouping.HOST;
        List<String> notes = new ArrayList<>();
        RunGauge earlierGauge = RunGauge.of(before.records());
        RunGauge laterGauge = RunGauge.of(after.records());
        double hostSlowdown = earlierGauge.slowdownTo(laterGauge);
        if (!earlierGauge.isEmpty() && !laterGauge.isEmpty()) {
            notes.add(String.format(Locale.ROOT, "host gauge: %s %.2f ns per cache line, %.3f ns per step; %s %.2f and"
                            + " %.3f: the later host %s; a cell is called slower or faster only beyond the threshold"
                            + " times that", before.name(), earlierGauge.memoryMedian(), earlierGauge.cpuMedian(),
                    after.name(), laterGauge.memoryMedian(), laterGauge.cpuMedian(),
                    hostSlowdown >= 1 ? String.format(Locale.ROOT, "%.2fx slower at most", hostSlowdown)
                            : String.format(Locale.ROOT, "%.2fx faster", 1 / hostSlowdown)));
        }
        List<ExperimentComparison> experiments = new ArrayList<>();
        for (Report<?, ?> report : reports) {
            compare(report, before, after, grouping, threshold, hostSlowdown, notes, experiments);
        }
        return new RunComparison(before.name(), after.name(), threshold, notes, experiments);
    }

    /** How the earlier run is named. */
    public String before() {
        return before;
    }

    /** How the later run is named. */
    public String after() {
        return after;
    }

    /** The threshold it was judged against. */
    public Threshold threshold() {
        return threshold;
    }

    /** What a reader must know first: environments that differ, environments compared with nothing. */
    public List<String> notes() {
        return notes;
    }

    /** Each experiment and environment compared, in the reports' order. */
    public List<ExperimentComparison> experiments() {
        return experiments;
    }

    /** Every cell's change, experiment by experiment. */
    public List<CellChange> changes() {
        return experiments.stream().flatMap(e -> e.changes().stream()).toList();
    }

    /** The changes judged {@code judgement}, in order. */
    public List<CellChange> judged(Judgement judgement) {
        return changes().stream().filter(c -> c.judgement() == judgement).toList();
    }

    /** How many cells both runs hold. */
    public int shared() {
        return (int) changes().stream().filter(c -> c.judgement().isShared()).count();
    }

    /** Whether any cell got slower beyond the threshold and the noise: a regression. */
    public boolean hasSlower() {
        return !judged(Judgement.SLOWER).isEmpty();
    }

    private static <F extends CellFields, M> void compare(Report<F, M> report, Run before, Run after,
                                                          EnvironmentGroups.Grouping grouping, Threshold threshold,
                                                          double hostSlowdown, List<String> notes,
                                                          List<ExperimentComparison> out) {
        String experiment = report.recordType().experiment();
        Map<String, List<LabRecord<F, M>>> earlier = environments(report.recordType().readAll(before.records()), grouping);
        Map<String, List<LabRecord<F, M>>> later = environments(report.recordType().readAll(after.records()), grouping);
        if (earlier.isEmpty() && later.isEmpty()) {
            return;
        }
        if (earlier.isEmpty() || later.isEmpty()) {
            notes.add(experiment + ": only in " + (earlier.isEmpty() ? after.name() : before.name())
                    + ", nothing to compare it with");
            return;
        }
        if (earlier.size() == 1 && later.size() == 1) {
            String b = earlier.keySet().iterator().next();
            String a = later.keySet().iterator().next();
            if (!a.equals(b)) {
                notes.add(experiment + ": the runs come from different environments, compared as asked: before "
                        + b + "; after " + a);
            }
            out.add(new ExperimentComparison(experiment, b, a, changes(report, earlier.get(b), later.get(a), threshold,
                    hostSlowdown, notes)));
            return;
        }
        for (Map.Entry<String, List<LabRecord<F, M>>> entry : earlier.entrySet()) {
            List<LabRecord<F, M>> match = later.get(entry.getKey());
            if (match == null) {
                notes.add(experiment + ": " + entry.getKey() + " is only in " + before.name() + ", not compared");
            } else {
                out.add(new ExperimentComparison(experiment, entry.getKey(), entry.getKey(),
                        changes(report, entry.getValue(), match, threshold, hostSlowdown, notes)));
            }
        }
        later.keySet().stream().filter(env -> !earlier.containsKey(env)).forEach(env ->
                notes.add(experiment + ": " + env + " is only in " + after.name() + ", not compared"));
    }

    private static <F extends CellFields, M> List<CellChange> changes(Report<F, M> report, List<LabRecord<F, M>> before,
                                                                      List<LabRecord<F, M>> after, Threshold threshold,
                                                                      double hostSlowdown, List<String> notes) {
        Map<String, CellFigure> earlier = byKey(report.figures(before));
        Map<String, CellFigure> later = byKey(report.figures(after));
        List<CellChange> changes = new ArrayList<>();
        List<String> movedGauges = new ArrayList<>();
        earlier.forEach((key, figure) -> {
            CellFigure match = later.get(key);
            CellChange change = match == null ? CellChange.removed(figure) : CellChange.of(figure, match, threshold, hostSlowdown);
            changes.add(change);
            if (match != null && match.hostGauge()
                    && (change.judgement() == Judgement.SLOWER || change.judgement() == Judgement.FASTER)) {
                movedGauges.add(change.label() + " " + String.format(Locale.ROOT, "%.2fx ", change.judgement() == Judgement.SLOWER ? change.slowdown() : 1 / change.slowdown()) + change.judgement().text());
            }
        });
        if (!movedGauges.isEmpty()) {
            notes.add(report.recordType().experiment() + ": cells that depend on the host alone (no JIT, no collector)"
                    + " moved too (" + String.join(", ", movedGauges) + "): the host probably did, and the other cells"
                    + " with it. Compare runs made close together on the same machine.");
        }
        later.forEach((key, figure) -> {
            if (!earlier.containsKey(key)) {
                changes.add(CellChange.added(figure));
            }
        });
        return changes;
    }

    private static Map<String, CellFigure> byKey(List<CellFigure> figures) {
        Map<String, CellFigure> byKey = new LinkedHashMap<>();
        figures.forEach(f -> byKey.putIfAbsent(f.key(), f));
        return byKey;
    }

    /** The records by environment, each named as a table heading names it (without the hosts of a kind). */
    private static <F extends CellFields, M> Map<String, List<LabRecord<F, M>>> environments(
            List<LabRecord<F, M>> records, EnvironmentGroups.Grouping grouping) {
        Map<String, List<LabRecord<F, M>>> byName = new LinkedHashMap<>();
        if (records.isEmpty()) {
            return byName;
        }
        for (EnvironmentGroups.Group<F, M> group : EnvironmentGroups.of(records, grouping)) {
            byName.merge(name(group.records(), grouping), new ArrayList<>(group.records()), (a, b) -> {
                a.addAll(b);
                return a;
            });
        }
        return byName;
    }

    /** The environment of a group's Java records (the C++ ones name no JDK), else of any record that names one. */
    private static <F extends CellFields, M> String name(List<LabRecord<F, M>> records, EnvironmentGroups.Grouping grouping) {
        Environment java = records.stream().map(LabRecord::env).filter(e -> e != null && e.jdk() != null).findFirst()
                .orElse(null);
        if (java != null) {
            return EnvironmentGroups.describe(java, grouping, Set.of());
        }
        return records.stream().map(LabRecord::env).filter(e -> e != null).findFirst()
                .map(e -> e.host() + " (" + e.cpu() + ", " + e.cores() + " cores, " + e.os() + ")")
                .orElse("an environment not recorded");
    }

    private static void requireRecords(Run run, List<? extends Report<?, ?>> reports) {
        boolean any = run.records().stream().anyMatch(node -> reports.stream()
                .anyMatch(r -> r.recordType().experiment().equals(node.path("experiment").asText())));
        if (!any) {
            throw new IllegalArgumentException("no records to compare in '" + run.name() + "': it holds none of "
                    + String.join(", ", reports.stream().map(r -> r.recordType().experiment()).toList()));
        }
    }
}
