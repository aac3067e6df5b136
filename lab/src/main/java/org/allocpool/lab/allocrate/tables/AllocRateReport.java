package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.allocrate.AllocRateCell;
import org.allocpool.lab.allocrate.AllocRateCellFields;
import org.allocpool.lab.allocrate.AllocRateExperiment;
import org.allocpool.lab.allocrate.AllocRateMetricsView;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.RunHeader;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.env.Environment;

/**
 * Renders the alloc-rate records as one Markdown document: the environment and profile; events/s in all
 * and per thread, the speed-up over one thread, allocated bytes and collections (rows: collector and
 * loop; columns: threads); who pays for an event (work, allocation, collection); escape analysis on
 * against off; our figures beside the Chronicle article's; the verdict in words. The output depends on
 * the records and run descriptions only. Thread-safe (stateless).
 */
public final class AllocRateReport implements Report<AllocRateCellFields, AllocRateMetricsView> {

    private static final RecordType<AllocRateCellFields, AllocRateMetricsView> TYPE =
            RecordType.of(AllocRateExperiment.NAME, AllocRateCellFields.class, AllocRateMetricsView.class);

    @Override
    public RecordType<AllocRateCellFields, AllocRateMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public List<ChartSection> charts(List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records,
                                     List<RunInfo> runs) {
        return AllocRateCharts.of(new AllocRateCells(records));
    }

    /** Per cell: events per second of all threads, higher is better. */
    @Override
    public List<CellFigure> figures(List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records) {
        List<CellFigure> figures = new ArrayList<>();
        for (AllocRateResult r : new AllocRateCells(records).all()) {
            figures.add(new CellFigure(r.cell().key(), r.cell().label(), "events/s", false, r.eventsPerSecond()));
        }
        return List.copyOf(figures);
    }

    @Override
    public String render(List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records, List<RunInfo> runs) {
        AllocRateCells cells = new AllocRateCells(records);
        StringBuilder out = new StringBuilder();
        header(out, cells, runs);
        TableNotes notes = new TableNotes();
        RunHeader.section(out, "## Events per second, all threads", "Median over the forks, (the middle half of the timed rounds),"
                + " ± half the forks' range. alloc: a new 44-byte event per event, kept among the thread's last ten;"
                + " reuse: one event per thread.", AllocRateTables.total(cells, notes), notes);
        RunHeader.section(out, "## Events per second per thread", "The same over the threads: a loop that scales keeps it.",
                AllocRateTables.perThread(cells, notes), notes);
        RunHeader.section(out, "## Speed-up over the fewest threads", "Events/s in all over those of the first column.",
                AllocRateTables.speedUp(cells, notes), notes);
        RunHeader.section(out, "## Allocated", "Heap bytes the worker threads allocated per event (0: none; 56 is one event with"
                + " its header), and GB per second, medians over the forks.", AllocRateTables.allocation(cells, notes), notes);
        RunHeader.section(out, "## Collections", "Collections per second, share of the time in stop-the-world pauses (JFR), and the"
                + " cores busy besides the workers (the collector's threads, the JIT, the JVM's own), medians over the forks.",
                AllocRateTables.collections(cells, notes), notes);
        RunHeader.section(out, "## CPU per event", "CPU time the whole JVM used per event, ns (the workers, the collector's threads,"
                + " the JIT): median over the forks (the middle half of the rounds). Unlike a rate it leaves out the time a"
                + " thread waits for a core; what shares the core (a hyperthread sibling), the caches and memory still move it.", AllocRateTables.cpu(cells, notes), notes);
        RunHeader.section(out, "## Who pays, in CPU time", "The allocating loop's CPU ns per event split into the work (the reusing"
                + " loop's), the allocation's own cost (Epsilon, which never collects, minus the work) and the collector's"
                + " (the collector minus Epsilon: its collections, concurrent ones included, and its barriers), with each"
                + " share of the total. ~ marks a share whose two figures are too close to call.",
                AllocRateTables.costs(cells, notes, true), notes);
        RunHeader.section(out, "## Who pays, in wall time per thread", "The same split of 1e9 / events/s per thread: what a thread"
                + " waits for an event, a concurrent collector's work on other cores left out, other processes' left in.",
                AllocRateTables.costs(cells, notes, false), notes);
        RunHeader.section(out, "## Escape analysis", "The same cell with `-XX:-DoEscapeAnalysis`: events/s and allocated bytes per"
                + " event, with it and without.", AllocRateTables.escapeAnalysis(cells, notes), notes);
        out.append(BesideTheArticle.render(cells, cores(cells)));
        out.append("\n## Verdict\n\n");
        String verdict = AllocRateVerdict.render(cells, cores(cells));
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : AllocRateVerdict.LEGEND + "\n" + verdict);
        return out.toString();
    }

    private static void header(StringBuilder out, AllocRateCells cells, List<RunInfo> runs) {
        out.append("# allocpool lab: alloc-rate\n\n");
        RunHeader.profiles(out, runs, "every cell", "extra JVM arguments");
        out.append("- JVM: the cell's collector with its defaults, `-Xms").append(AllocRateCell.HEAP).append(" -Xmx")
                .append(AllocRateCell.HEAP).append(' ').append(AllocRateCell.PRE_TOUCH).append("`; Epsilon with a larger"
                        + " pre-touched heap and rounds of a fixed number of events that all fit in it\n");
        List<Environment> envs = cells.all().stream().flatMap(r -> r.forks().stream()).map(LabRecord::env)
                .filter(Objects::nonNull).toList();
        RunHeader.environment(out, envs, "cell");
        List<AllocRateResult> all = cells.all();
        long ok = all.stream().filter(AllocRateResult::isOk).count();
        long forks = all.stream().mapToLong(r -> r.forks().size()).sum();
        long okForks = all.stream().mapToLong(r -> r.measured().size()).sum();
        out.append("- cells: ").append(all.size()).append(" (").append(ok).append(" ok, ").append(all.size() - ok)
                .append(" failed), forks: ").append(forks).append(" (").append(okForks).append(" ok, ")
                .append(forks - okForks).append(" failed)\n\n");
        out.append("Every thread shares the machine's cores with the collector's threads: compare rows within one table"
                + " (ratios), not figures from another machine. Shared machines are noisy.\n");
    }

    /** The fewest cores any record reports, or {@code null} when none does. */
    private static Integer cores(AllocRateCells cells) {
        return cells.all().stream().flatMap(r -> r.forks().stream()).map(LabRecord::env).filter(Objects::nonNull)
                .map(Environment::cores).filter(c -> c > 0).min(Integer::compare).orElse(null);
    }
}
