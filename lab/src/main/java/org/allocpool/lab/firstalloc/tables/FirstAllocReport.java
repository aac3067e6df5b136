package org.allocpool.lab.firstalloc.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.firstalloc.FirstAllocCell;
import org.allocpool.lab.firstalloc.FirstAllocCellFields;
import org.allocpool.lab.firstalloc.FirstAllocExperiment;
import org.allocpool.lab.firstalloc.FirstAllocMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.RunHeader;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.env.Environment;

/**
 * Renders the first-alloc records as one Markdown document: the environment and profile, then the times to
 * the first buffer and the first N per allocator (median over fresh JVMs, 10th-90th percentile), what was
 * loaded and taken on the way, the share of start-up, our figure beside the Netty case study's 165 ms, and
 * last the verdict in words ({@link FirstAllocVerdict}). Depends on the records and run descriptions only
 * (no clock, no locale). Thread-safe (stateless).
 */
public final class FirstAllocReport implements Report<FirstAllocCellFields, FirstAllocMetricsView> {

    private static final RecordType<FirstAllocCellFields, FirstAllocMetricsView> TYPE =
            RecordType.of(FirstAllocExperiment.NAME, FirstAllocCellFields.class, FirstAllocMetricsView.class);

    @Override
    public RecordType<FirstAllocCellFields, FirstAllocMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public String render(List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> records, List<RunInfo> runs) {
        FirstAllocResults results = new FirstAllocResults(records);
        StringBuilder out = new StringBuilder();
        header(out, results, runs);
        TableNotes notes = new TableNotes();
        int count = results.count();
        String n = FirstAllocTables.thousands(count);
        RunHeader.section(out, "## Time to the first buffer and to the first " + n, "From just before the allocator's code is first"
                + " called in a fresh JVM (one allocator per JVM): its allocator, arena or pool made, then the first"
                + " buffer made and written to, then the others, each kept. Median over the forks (10th-90th percentile)."
                + " Later buffers: (first " + n + " - first buffer) / " + (count - 1) + ".",
                FirstAllocTables.times(results, notes), notes);
        RunHeader.section(out, "## What the way to the " + FirstAllocTables.ordinal(count) + " buffer loads and takes", "Medians over"
                + " the forks: classes the JVM loaded, heap bytes the measuring thread allocated (buffers, the allocator's"
                + " structures, static initialisation), and direct buffer memory (the JVM's `direct` pool: allocateDirect"
                + " and buffers made on it; FFM's confined and shared arenas are not counted there, nor Netty's direct buffers when"
                + " Netty allocates them through FFM, as Netty 4.2 does on JDK 25 with Unsafe denied).",
                FirstAllocTables.loads(results), notes);
        RunHeader.section(out, "## Beside the JVM's start", "JVM start (the runtime's start time) to the clock's start is this"
                + " program's own start-up (the JVM, the module graph, the command line): the share is the first " + n
                + " over the two together.", FirstAllocTables.startUp(results), notes);
        RunHeader.section(out, "## Beside the Netty case study", FirstAllocTables.CASE_STUDY + ". Another machine, JDK and Netty:"
                + " compare the shape (a first buffer far dearer than the later ones), not the milliseconds.",
                FirstAllocTables.besideTheArticle(results), notes);
        out.append("\n## Verdict\n\n");
        String verdict = FirstAllocVerdict.render(results);
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : FirstAllocVerdict.LEGEND + "\n" + verdict);
        return out.toString();
    }

    /** Per allocator: its first buffer's time over the forks, ms; lower is better. */
    @Override
    public List<CellFigure> figures(List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> records) {
        List<CellFigure> figures = new ArrayList<>();
        for (FirstAllocResult result : new FirstAllocResults(records).all()) {
            figures.add(new CellFigure(result.cell().key(), result.allocator(), "first buffer ms", true,
                    result.firstBufferFigure()));
        }
        return List.copyOf(figures);
    }

    @Override
    public List<ChartSection> charts(List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> records,
                                     List<RunInfo> runs) {
        return FirstAllocCharts.of(new FirstAllocResults(records));
    }

    private static void header(StringBuilder out, FirstAllocResults results, List<RunInfo> runs) {
        out.append("# allocpool lab: first-alloc\n\n");
        RunHeader.profiles(out, runs, "every fork", "extra JVM arguments");
        out.append("- every fork a fresh JVM: `").append(String.join(" ", FirstAllocCell.JVM_FLAGS))
                .append("`, Unsafe denied as `./allocpool` runs, the measurement on its main thread\n");
        List<Environment> envs = results.all().stream().flatMap(r -> r.forks().stream()).map(LabRecord::env)
                .filter(Objects::nonNull).toList();
        RunHeader.environment(out, envs, "fork");
        long cells = results.all().size();
        long ok = results.ok().size();
        long forks = results.all().stream().mapToLong(r -> r.forks().size()).sum();
        long okForks = results.all().stream().mapToLong(r -> r.measured().size()).sum();
        out.append("- cells: ").append(cells).append(" (").append(ok).append(" ok, ").append(cells - ok)
                .append(" failed), forks: ").append(forks).append(" (").append(okForks).append(" ok, ")
                .append(forks - okForks).append(" failed)\n\n");
        out.append("A first allocation happens once per JVM, so each fork is one sample: figures are medians over the"
                + " forks with their 10th-90th percentile. Shared machines are noisy: compare rows within one run.\n");
    }
}
