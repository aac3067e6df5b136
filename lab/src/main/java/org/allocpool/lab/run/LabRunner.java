package org.allocpool.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.export.CsvExport;
import org.allocpool.lab.gauge.GaugeSummary;
import org.allocpool.lab.gauge.RunGauge;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.ScheduleFields;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.DurationText;

/**
 * The one lab runner, for every experiment: plans the forks of the cells (minus those recorded ok
 * when resuming, and those of other shards), runs each in child processes with its timeout,
 * appends each record to {@code records.jsonl} as soon as its fork ends (so that a crash of the lab
 * loses nothing measured), says on the progress line which fork runs and the time left, then
 * renders the experiment's tables and verdict into {@code tables.md} and prints them, its report with
 * charts into {@code report.html}, and the records as one flat table, {@code records.csv}. A fork that
 * crashes, runs out of memory or times out is recorded as failed and the run goes on.
 *
 * <p>Forks run pass by pass ({@link Passes}): pass N runs fork N of every cell, in a fresh random order
 * ({@link PassOrder}), so that a noisy spell of a shared machine falls on different cells' forks
 * rather than on all forks of one cell, and two cells' forks of one pass can be compared pass by pass
 * ({@link org.allocpool.lab.figure.RatioInterval}). After the experiment's passes, further passes run
 * only the cells of comparisons its report cannot decide yet ({@link Report#undecidedCells}), while the
 * run stays within the experiment's budget. The host gauge is read before and after every fork. Runs
 * forks one after another on the calling thread; not thread-safe. The processes it starts never
 * outlive it.
 */
public final class LabRunner {

    /** Exit code when the lab ran, whether or not every fork succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records (results folder not writable). */
    public static final int EXIT_IO = 1;

    private final PrintStream out;
    private final PrintStream progress;
    private final ForkGauge gauge;

    /**
     * @param out      where the tables are printed (stdout)
     * @param progress where progress and notes are printed (stderr)
     */
    public LabRunner(PrintStream out, PrintStream progress) {
        this(out, progress, HostGauges.bundled(progress));
    }

    /**
     * @param out      where the tables are printed (stdout)
     * @param progress where progress and notes are printed (stderr)
     * @param gauge    the host gauge read before and after every fork
     */
    public LabRunner(PrintStream out, PrintStream progress, ForkGauge gauge) {
        this.out = out;
        this.progress = progress;
        this.gauge = gauge;
    }

    /**
     * Runs {@code experiment}'s forks as {@code options} say, then prints its tables and writes them
     * beside the records.
     *
     * @return {@link #EXIT_OK} when the lab ran (failed forks are in the tables), {@link #EXIT_IO}
     *         when it could not write its results folder
     */
    public <C extends LabCell<F>, F extends CellFields, M> int run(Experiment<C, F, M> experiment, RunOptions options) {
        Path dir = options.resultsDir();
        try {
            ResultsFolder folder = ResultsFolder.open(dir, experiment.resultsRoot());
            dir = folder.dir();
            Set<String> done = options.resume() ? okForks(folder, experiment) : Set.of();
            RunInfo run = experiment.describe();
            folder.describe(run, options.resume() ? RunInfo.readFrom(dir, run.experiment(), run.mode()) : null, progress);

            List<C> cells = experiment.cells();
            List<C> mine = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                if (options.shard().takes(i)) {
                    mine.add(cells.get(i));
                }
            }
            int passes = experiment.forks();
            int maxPasses = Math.max(passes, experiment.maxForks());
            Duration budget = experiment.budget();
            long seed = options.seed() != null ? options.seed() : new SecureRandom().nextLong() & Long.MAX_VALUE;
            int planned = 0;
            for (int pass = 1; pass <= passes; pass++) {
                planned += notDone(mine, pass, done).size();
            }
            ProgressLine line = new ProgressLine(progress, planned);
            line.note("results in " + dir + "; " + cells.size() + " cells x " + count(passes, "pass", "passes")
                    + (options.shard().equals(Shard.ALL) ? "" : ", shard " + options.shard())
                    + (done.isEmpty() ? "" : ", " + count(done.size(), "fork", "forks") + " already recorded ok") + ", "
                    + count(planned, "fork", "forks") + " to run (" + run.experiment() + " " + run.mode() + ", profile "
                    + run.profile() + ")"
                    + "; each pass runs one fork of every cell in a fresh random order (seed " + seed + ")"
                    + (maxPasses > passes && budget != null ? "; then up to " + maxPasses + " passes for the cells of"
                    + " comparisons still undecided, while the run stays within " + DurationText.format(budget) : ""));
            Passes<C, F, M> runner = new Passes<>(experiment, options, folder, line, new PassOrder(seed), gauge);
            long start = System.nanoTime();
            for (int pass = 1; pass <= maxPasses; pass++) {
                List<C> todo = notDone(mine, pass, done);
                if (pass > passes) {
                    Set<String> undecided = experiment.report().undecidedCells(
                            experiment.report().recordType().readAll(folder.records().readAll()));
                    if (undecided.isEmpty()) {
                        line.note("every comparison decided after " + (pass - 1) + " passes");
                        break;
                    }
                    todo = todo.stream().filter(c -> undecided.contains(c.fields().key())).toList();
                    if (todo.isEmpty()) {
                        break;
                    }
                    Duration spent = Duration.ofNanos(System.nanoTime() - start);
                    Duration projected = runner.projected(todo);
                    if (budget == null || spent.plus(projected).compareTo(budget) > 0) {
                        line.note(todo.size() + " cells of comparisons still undecided after " + (pass - 1)
                                + " passes; pass " + pass + " would take about " + DurationText.format(projected)
                                + " more, past the run's budget of " + (budget == null ? "none" : DurationText.format(budget)));
                        break;
                    }
                    line.plan(todo.size());
                    line.note("pass " + pass + ": " + todo.size() + " cells of comparisons still undecided");
                }
                runner.run(todo, pass);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            List<JsonNode> records = folder.records().readAll();
            List<RunInfo> runs = RunInfo.readAllFrom(dir);
            EnvironmentGroups.Grouping grouping = RunMerge.grouping(dir);
            folder.publish(render(records, runs, experiment.report(), grouping), out);
            folder.publishReport(ReportPage.render(records, runs, List.of(experiment.report()), grouping));
            CsvExport.writeTo(dir, records);
            QuestionsCsv.writeTo(dir, records, List.of(experiment.report()), grouping);
            line.note("records in " + folder.records().path() + ", tables in " + dir.resolve(ResultsFolder.TABLES)
                    + ", report in " + dir.resolve(ResultsFolder.REPORT) + ", flat in " + dir.resolve(ResultsFolder.CSV)
                    + (Files.exists(dir.resolve(QuestionsCsv.NAME)) ? ", the verdict's ratios in "
                    + dir.resolve(QuestionsCsv.NAME) : ""));
            // a quick profile's stated time is for a whole batch run from nothing: a shard, a resumed run or real time is another thing
            boolean whole = (run.mode() == null || RunInfo.BATCH.equals(run.mode())) && options.shard().equals(Shard.ALL)
                    && done.isEmpty();
            line.note(QuickProfileTimes.line(run.experiment(), whole ? run.profile() : null, took, cells.size()));
            return EXIT_OK;
        } catch (IOException e) {
            progress.println("lab: cannot keep results in '" + (dir != null ? dir : experiment.resultsRoot()) + "': "
                    + e.getMessage());
            return EXIT_IO;
        }
    }

    /** {@link #render(List, List, Report, EnvironmentGroups.Grouping)} with one environment per machine and JDK. */
    public static <F extends CellFields, M> String render(List<JsonNode> nodes, List<RunInfo> runs, Report<F, M> report) {
        return render(nodes, runs, report, EnvironmentGroups.Grouping.HOST);
    }

    /**
     * The document of {@code report}'s records among {@code nodes}: one per environment (machine and
     * JDK, or kind of machine and JDK as {@code grouping} says), each under a heading naming it when
     * there are several.
     */
    public static <F extends CellFields, M> String render(List<JsonNode> nodes, List<RunInfo> runs, Report<F, M> report,
                                                         EnvironmentGroups.Grouping grouping) {
        ExperimentRecords<F, M> mine = ExperimentRecords.of(nodes, runs, report, grouping);
        String experiment = mine.experiment();
        List<RunInfo> own = mine.runs();
        List<EnvironmentGroups.Group<F, M>> groups = mine.groups();
        String warning = mine.warning("every table");
        String host = hostLine(nodes);
        if (groups.size() == 1) {
            return warning + report.render(groups.getFirst().records(), own) + host;
        }
        StringBuilder text = new StringBuilder(warning);
        text.append("# ").append(experiment).append(": ").append(groups.size())
                .append(grouping == EnvironmentGroups.Grouping.KIND
                        ? " environments, kept apart (no table mixes two kinds of machine or JDKs)\n"
                        : " environments, kept apart (no table mixes two machines or JDKs)\n");
        for (EnvironmentGroups.Group<F, M> group : groups) {
            text.append("\n# Environment: ").append(group.description()).append("\n\n");
            text.append(report.render(group.records(), own));
        }
        return text.append(host).toString();
    }

    /**
     * How far the host moved during the run, as the gauge read it before and after every fork, and how
     * many forks ran again because it moved during them; empty when the run had no gauge.
     */
    private static String hostLine(List<JsonNode> nodes) {
        RunGauge gauge = RunGauge.of(nodes);
        if (gauge.isEmpty()) {
            return "";
        }
        int again = (int) nodes.stream().filter(n -> n.path(ScheduleFields.PASS).path("runs").asInt(1) > 1).count();
        String line = GaugeSummary.of(gauge.readings()).line(again, Passes.RERUN_LIMIT);
        return "\n" + Character.toUpperCase(line.charAt(0)) + line.substring(1)
                + ". The gauge (a memory-bound and a CPU-bound loop in C, before and after every fork) flags the host;"
                + " it never rescales a figure.\n";
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static <C extends LabCell<?>> List<C> notDone(List<C> cells, int pass, Set<String> done) {
        return cells.stream().filter(c -> !done.contains(forkKey(c.fields().key(), pass))).toList();
    }

    private static <F extends CellFields, M> Set<String> okForks(ResultsFolder folder, Experiment<?, F, M> experiment)
            throws IOException {
        Set<String> ok = new HashSet<>();
        for (LabRecord<F, M> record : experiment.report().recordType().readAll(folder.records().readAll())) {
            if (record.isOk()) {
                ok.add(forkKey(record.key(), record.forkNumber()));
            }
        }
        return ok;
    }

    static String forkKey(String cellKey, int fork) {
        return cellKey + "#" + fork;
    }
}
