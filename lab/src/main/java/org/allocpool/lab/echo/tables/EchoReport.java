package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.echo.EchoCell;
import org.allocpool.lab.echo.EchoCellFields;
import org.allocpool.lab.echo.EchoExperiment;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.RunHeader;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.env.Environment;

/**
 * Renders the echo records as one Markdown document: the environment and profile, then for each
 * collector and event the tables of events/s (median over the forks, with the spread of the rounds
 * and of the forks), p99 latency, allocated bytes per event and GC fraction (rows: buffer strategy;
 * columns: clients, reuse and copy-per-event), the ratio copy-per-event / reuse of events/s with
 * whether it can be called, and the difference of allocated bytes; then our figures beside the
 * Chronicle and Netty articles'; last, the verdict in words ({@link EchoVerdict}). A cell that was not
 * steady is marked and never a winner. The output depends on the records and the run descriptions
 * only (no clock, no locale). Thread-safe (stateless).
 */
public final class EchoReport implements Report<EchoCellFields, EchoMetricsView> {

    private static final RecordType<EchoCellFields, EchoMetricsView> TYPE =
            RecordType.of(EchoExperiment.NAME, EchoCellFields.class, EchoMetricsView.class);

    @Override
    public RecordType<EchoCellFields, EchoMetricsView> recordType() {
        return TYPE;
    }

    /** Events/s, allocated bytes and round-trip spectra per collector and event ({@link EchoCharts}). */
    @Override
    public List<ChartSection> charts(List<LabRecord<EchoCellFields, EchoMetricsView>> records, List<RunInfo> runs) {
        return EchoCharts.of(new EchoCells(records));
    }

    @Override
    public String render(List<LabRecord<EchoCellFields, EchoMetricsView>> records, List<RunInfo> runs) {
        EchoCells cells = new EchoCells(records);
        StringBuilder out = new StringBuilder();
        header(out, cells, runs);
        TableNotes notes = new TableNotes();
        for (String gc : cells.collectors()) {
            for (String event : cells.events(gc)) {
                out.append("\n## ").append(gc).append(", ").append(event).append("\n\n");
                out.append("Server: ").append(gc).append("; reuse = the strategy's buffers only, copy = `--copy-per-event`:"
                        + " one more object allocated per event.\n");
                for (EchoMetric metric : EchoMetric.values()) {
                    section(out, gc, event, metric.title(), metric.explanation(),
                            MetricTable.render(cells, gc, event, metric, notes), notes);
                }
                section(out, gc, event, "copy-per-event / reuse, events/s", CopyTables.RATIO,
                        CopyTables.ratios(cells, gc, event), notes);
                section(out, gc, event, "copy-per-event - reuse, allocated bytes per event", CopyTables.BYTES,
                        CopyTables.bytes(cells, gc, event), notes);
            }
        }
        out.append(BesideTheArticles.render(cells));
        out.append("\n## Verdict\n\n");
        String verdict = EchoVerdict.render(cells, cores(cells));
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : EchoVerdict.LEGEND + "\n" + verdict);
        return out.toString();
    }

    private static void section(StringBuilder out, String gc, String event, String title, String explanation, String table,
                                TableNotes notes) {
        RunHeader.section(out, "### " + gc + ", " + event + ": " + title, explanation, table, notes);
    }

    /** One per strategy, collector, event and client count: does one copy per event cost events/s? */
    @Override
    public List<Question> questions(List<LabRecord<EchoCellFields, EchoMetricsView>> records) {
        return EchoVerdict.questions(new EchoCells(records));
    }

    /** Per cell: events per second over the forks, as the events/s tables show it; higher is better. */
    @Override
    public List<CellFigure> figures(List<LabRecord<EchoCellFields, EchoMetricsView>> records) {
        List<CellFigure> figures = new ArrayList<>();
        for (EchoCellResult result : new EchoCells(records).all()) {
            figures.add(new CellFigure(result.cell().key(), result.cell().label(), "events/s", false,
                    result.eventsPerSecond()));
        }
        return List.copyOf(figures);
    }

    private static void header(StringBuilder out, EchoCells cells, List<RunInfo> runs) {
        out.append("# allocpool lab: echo\n\n");
        RunHeader.profiles(out, runs, "every bench", "extra server JVM arguments");
        out.append("- server JVM: the cell's collector, `-Xms").append(EchoCell.SERVER_HEAP).append(" -Xmx")
                .append(EchoCell.SERVER_HEAP).append(" -XX:+AlwaysPreTouch`; bench JVM, the same for every cell: `")
                .append(String.join(" ", EchoCell.BENCH_JVM_FLAGS)).append("`; both on ").append(EchoCell.HOST).append('\n');
        List<Environment> envs = environments(cells);
        RunHeader.environment(out, envs, "cell");
        if (!envs.isEmpty()) {
            out.append("- host: ").append(RunHeader.distinct(envs, e -> Objects.requireNonNullElse(e.host(), "not recorded"))).append('\n');
        }
        List<EchoCellResult> all = cells.all();
        long ok = all.stream().filter(EchoCellResult::isOk).count();
        long forks = all.stream().mapToLong(r -> r.forks().size()).sum();
        long okForks = all.stream().mapToLong(r -> r.measured().size()).sum();
        out.append("- cells: ").append(all.size()).append(" (").append(ok).append(" ok, ").append(all.size() - ok)
                .append(" failed), forks: ").append(forks).append(" (").append(okForks).append(" ok, ")
                .append(forks - okForks).append(" failed)\n\n");
        out.append("Server and clients share the machine's cores: compare rows within one table (ratios), not figures"
                + " from another machine. Shared machines are noisy.\n");
    }

    private static List<Environment> environments(EchoCells cells) {
        return cells.all().stream().flatMap(r -> r.forks().stream()).map(LabRecord::env).filter(Objects::nonNull).toList();
    }

    /** The fewest cores any record reports, or {@code null} when none does. */
    private static Integer cores(EchoCells cells) {
        return environments(cells).stream().map(Environment::cores).filter(c -> c > 0).min(Integer::compare).orElse(null);
    }
}
