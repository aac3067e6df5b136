package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.jmh.JmhExperiment;
import org.allocpool.lab.jmh.JmhMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.RunHeader;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.env.Environment;

/**
 * Renders the jmh records as one Markdown document: the run (jar, regex, JMH's options), the environment,
 * the scores per benchmark and configuration across passes, allocation and collections, configurations side
 * by side, and the verdict ({@link JmhVerdict}). Names each cell's score for {@code lab compare} and the
 * verdict's comparisons as questions. Depends on the records and run descriptions only. Thread-safe
 * (stateless).
 */
public final class JmhReport implements Report<JmhCellFields, JmhMetricsView> {

    private static final RecordType<JmhCellFields, JmhMetricsView> TYPE =
            RecordType.of(JmhExperiment.NAME, JmhCellFields.class, JmhMetricsView.class);

    @Override
    public RecordType<JmhCellFields, JmhMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public String render(List<LabRecord<JmhCellFields, JmhMetricsView>> records, List<RunInfo> runs) {
        JmhCells cells = new JmhCells(records);
        StringBuilder out = new StringBuilder("# allocpool lab: jmh\n\n");
        RunHeader.profiles(out, runs.stream().filter(r -> r.experiment().equals(JmhExperiment.NAME)).toList(),
                "every JMH run", "JVM arguments of every JMH fork");
        List<Environment> envs = records.stream().map(LabRecord::env).filter(Objects::nonNull).toList();
        RunHeader.environment(out, envs, "JMH run");
        long ok = records.stream().filter(LabRecord::isOk).count();
        out.append("- configurations: ").append(String.join(", ", cells.configurations())).append("; cells: ")
                .append(cells.all().size()).append(", JMH runs: ").append(records.size()).append(" (").append(ok)
                .append(" ok, ").append(records.size() - ok).append(" failed)\n\n");
        out.append("Each pass runs every cell once (one JMH run, with JMH's own forks, warm-up and iterations,"
                + " `-prof gc`), the cells in a fresh random order, so a noisy spell of the machine falls on different"
                + " cells in different passes. A configuration's flags reach JMH's forks by `-jvmArgsPrepend`, before the benchmark's own `@Fork` flags.\n");
        TableNotes notes = new TableNotes();
        RunHeader.section(out, "## Score", "JMH's primary metric, geometric mean over the passes with its 95% interval"
                + " across them (in brackets; none with one pass). Higher is better for thrpt, lower for the others.",
                JmhTables.scores(cells, notes), notes);
        RunHeader.section(out, "## Allocation and collections", "From `-prof gc`, median over the passes: heap bytes"
                + " allocated per operation (`gc.alloc.rate.norm`; JMH leaves it out when nothing was allocated:"
                + " 0), collections during one pass's measurement iterations over all its JMH forks (`gc.count`)"
                + " and the time the collectors' MXBeans reported for them (`gc.time`, ms; for ZGC its cycles"
                + " and its pauses both count, so it is not a pause time).", JmhTables.allocation(cells, notes), notes);
        List<Question> fastest = JmhQuestions.fastest(cells);
        List<Question> configurations = JmhQuestions.configurations(cells);
        RunHeader.section(out, "## Configurations side by side", "Each configuration's score beside the first's,"
                + " the ratio taken pass by pass with its 95% interval.", JmhTables.configurations(cells, configurations),
                notes);
        out.append("\n## Verdict\n\n");
        String verdict = JmhVerdict.render(cells, fastest, configurations);
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : JmhVerdict.LEGEND + "\n\n" + verdict);
        return out.toString();
    }

    /** Per cell: its score across passes, in JMH's unit; lower is better except for throughput. */
    @Override
    public List<CellFigure> figures(List<LabRecord<JmhCellFields, JmhMetricsView>> records) {
        List<CellFigure> figures = new ArrayList<>();
        for (JmhCellResult result : new JmhCells(records).all()) {
            figures.add(new CellFigure(result.cell().key(), result.cell().label(),
                    result.unit().isEmpty() ? "score" : result.unit(), !result.higherIsBetter(), result.score()));
        }
        return List.copyOf(figures);
    }

    @Override
    public List<ChartSection> charts(List<LabRecord<JmhCellFields, JmhMetricsView>> records, List<RunInfo> runs) {
        return JmhCharts.of(new JmhCells(records));
    }

    @Override
    public List<Question> questions(List<LabRecord<JmhCellFields, JmhMetricsView>> records) {
        JmhCells cells = new JmhCells(records);
        List<Question> questions = new ArrayList<>(JmhQuestions.fastest(cells));
        questions.addAll(JmhQuestions.configurations(cells));
        return List.copyOf(questions);
    }
}
