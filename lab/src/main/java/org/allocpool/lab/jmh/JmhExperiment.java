package org.allocpool.lab.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.jmh.tables.JmhReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;

/**
 * The user's own JMH benchmarks as the lab runs them: each cell one benchmark (one value per parameter)
 * under one JVM configuration; each pass one JMH run of every cell, in a fresh random order, JMH forking
 * its own JVMs as the benchmark or the user asks, with {@code -prof gc}; the record made from JMH's JSON
 * results ({@link JmhResults}), JMH's own output kept beside it ({@code <cell>.stdout}); {@link JmhReport}
 * for the tables and verdict. Immutable once made: the jar's benchmarks are listed when it is.
 */
public final class JmhExperiment implements Experiment<JmhCell, JmhCellFields, JmhMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "jmh";

    private final JmhLabSettings settings;
    private final List<JmhCell> cells;

    private JmhExperiment(JmhLabSettings settings, List<JmhCell> cells) {
        this.settings = settings;
        this.cells = List.copyOf(cells);
    }

    /**
     * The experiment of {@code settings}, its cells made from the benchmarks JMH lists in the jar.
     *
     * @throws IllegalArgumentException when JMH cannot list them, none matches, or a {@code --param} fits none
     */
    public static JmhExperiment of(JmhLabSettings settings) {
        return new JmhExperiment(settings, settings.cells(settings.jar().list(settings.bench())));
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The jar, the regex, the collectors, the parameter values asked for and JMH's options; the user's JVM arguments. */
    @Override
    public RunInfo describe() {
        List<String> args = new ArrayList<>(List.of("--jar", settings.jar().jar().getFileName().toString(), "--bench",
                settings.bench(), "--gc", String.join(",", settings.configurations().stream().map(JmhConfiguration::gc)
                        .distinct().toList())));
        settings.params().forEach((name, values) -> args.addAll(List.of("--param", name + "=" + String.join(",", values))));
        args.addAll(settings.options().arguments());
        args.addAll(List.of("-prof", "gc"));
        return new RunInfo(NAME, settings.passes() + (settings.passes() == 1 ? " pass" : " passes"), args,
                settings.jvmArgs());
    }

    @Override
    public List<JmhCell> cells() {
        return cells;
    }

    @Override
    public int forks() {
        return settings.passes();
    }

    @Override
    public int maxForks() {
        return settings.maxPasses();
    }

    @Override
    public Duration budget() {
        return settings.budget();
    }

    @Override
    public Duration timeout(JmhCell cell) {
        return settings.timeout();
    }

    /**
     * JMH on the jar with the cell's arguments, its results into {@code <cell>.jmh.json}, every fork's GC log
     * into {@code <cell>-<pid>.gc.log} (none when the folder's path holds a space, which {@code -jvmArgsPrepend}
     * cannot pass). A results file an earlier run of the same fork left is removed first.
     */
    @Override
    public CellLaunch launch(JmhCell cell, CellFiles files) {
        Path results = files.file(".jmh.json");
        try {
            // a fork run again must not be recorded from the file its first run left
            Files.deleteIfExists(results);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + results + ": " + e.getMessage(), e);
        }
        Path gcLog = files.file("-%p.gc.log");
        List<String> more = gcLog.toString().chars().anyMatch(Character::isWhitespace) ? List.of()
                : List.of(JvmFileFlags.gcLog(gcLog));
        return CellLaunch.of(settings.jar().command(cell.jmhArgs(results, more)))
                .recordedBy(() -> JmhResults.record(cell, results));
    }

    @Override
    public Report<JmhCellFields, JmhMetricsView> report() {
        return new JmhReport();
    }
}
