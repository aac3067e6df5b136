package org.allocpool.lab;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.AnalyzerLabSettings;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.CellKey;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.analyzer.tables.AnalyzerTables;
import org.allocpool.lab.fork.CellLoop;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;

/**
 * The analyzer lab: runs each cell of the matrix (batch or real time) in a child JVM of this very program (for a
 * C++ cell, one that execs the C++ analyser), appends
 * each cell's record to {@code records.jsonl} as soon as it ends, and renders {@code tables.md}.
 * A cell that fails is recorded as failed and the lab goes on. Runs cells one after another on the
 * calling thread; not thread-safe. Owns no memory beyond the run; the child processes it starts
 * are its own and never outlive it.
 */
public final class AnalyzerLab {

    /** The file name of the rendered tables inside a results folder. */
    public static final String TABLES = ResultsFolder.TABLES;

    /** Exit code when the lab ran, whether or not every cell succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records (results folder not writable). */
    public static final int EXIT_IO = 1;

    private final ChildJvm child;
    private final PrintStream out;
    private final PrintStream progress;

    /**
     * @param child    how to start this program again (see {@link ChildJvm#ofCurrentProcess})
     * @param out      where the tables are printed (stdout)
     * @param progress where progress and notes are printed (stderr)
     */
    public AnalyzerLab(ChildJvm child, PrintStream out, PrintStream progress) {
        this.child = child;
        this.out = out;
        this.progress = progress;
    }

    /**
     * Runs every cell the settings ask for that is not already recorded ok (when resuming), then
     * prints the tables and writes them beside the records.
     *
     * @return {@link #EXIT_OK} when the lab ran (failed cells are in the tables), {@link #EXIT_IO}
     *         when it could not write its results folder
     */
    public int run(AnalyzerLabSettings settings) {
        ChildJvm jvm = settings.javaHome() == null ? child : child.withJavaHome(settings.javaHome());
        Path dir = settings.resultsDir();
        try {
            ResultsFolder folder = ResultsFolder.open(dir);
            dir = folder.dir();
            boolean resuming = settings.resumeDir() != null;
            Set<CellKey> done = resuming ? folder.okKeys(record -> true, CellKey::of) : Set.of();
            String mode = settings.mode().label();
            folder.describe(new RunInfo(CellRecord.EXPERIMENT, settings.profile().label(), settings.childArgs(),
                    settings.jvmArgs(), mode), resuming ? RunInfo.readFrom(dir, mode) : null, progress);

            List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);
            List<AnalyzerCell> toRun = cells.stream().filter(c -> !done.contains(c.key())).toList();
            ProgressLine line = new ProgressLine(progress, toRun.size());
            line.note("results in " + dir + "; " + cells.size() + " cells, "
                    + (cells.size() - toRun.size()) + " already recorded ok, " + toRun.size() + " to run"
                    + " (" + mode + ", profile " + settings.profile().label() + ", cell timeout "
                    + DurationText.format(settings.cellTimeout()) + ")");
            CellLoop.run(toRun, AnalyzerLab::label, cell -> runCell(jvm, cell, settings, folder.dir()),
                    folder.records(), line);

            folder.publish(AnalyzerTables.render(folder.records().readAll(), RunInfo.readAllFrom(dir)), out);
            line.note("records in " + folder.records().path() + ", tables in " + dir.resolve(TABLES));
            return EXIT_OK;
        } catch (IOException e) {
            progress.println("lab: cannot keep results in '" + (dir != null ? dir : Path.of("results")) + "': "
                    + e.getMessage());
            return EXIT_IO;
        }
    }

    /**
     * Prints the tables of the results folder {@code dir}, running nothing.
     *
     * @return {@link #EXIT_OK}
     * @throws IllegalArgumentException naming {@code dir} when it holds no {@code records.jsonl}, or the
     *                                  file when it cannot be read
     */
    public static int renderTables(Path dir, PrintStream out) {
        ResultsFolder.print(dir, out, (records, in) -> AnalyzerTables.render(records, RunInfo.readAllFrom(in)));
        return EXIT_OK;
    }

    private String runCell(ChildJvm jvm, AnalyzerCell cell, AnalyzerLabSettings settings, Path dir) throws IOException {
        Path log = dir.resolve(cell.id() + ".log");
        Path stdout = dir.resolve(cell.id() + ".stdout");
        List<String> command = jvm.command(cell.jvmFlags(dir.resolve(cell.id() + ".gc.log")),
                cell.userJvmArgs(settings.jvmArgs()), cell.programArgs(settings.workload()));
        Files.writeString(log, "");
        ChildExit exit;
        try {
            exit = new ChildProcess(settings.cellTimeout()).run(command, stdout, log);
        } catch (IOException cannotStart) {
            Files.deleteIfExists(stdout);
            return CellRecord.failed(cell.intendedCell(settings.workload()),
                    "could not start " + jvm.java() + ": " + cannotStart.getMessage());
        }
        if (CellRecord.isOnlyRecord(exit.stdout())) {
            Files.deleteIfExists(stdout);
        }
        return CellRecord.toLine(cell, settings.workload(), exit, log);
    }

    /** How progress lines name {@code cell}: {@code G1 pool B (heap 2g)}, {@code cpp pool A real time}. */
    private static String label(AnalyzerCell cell) {
        String what = cell.realtime() == null ? ""
                : cell.realtime().findsInterval() ? " real time" : " real time at " + cell.realtime().intervalNs() + " ns";
        if (cell.isCpp()) {
            return cell.runtime().label() + " " + cell.strategy() + " " + cell.caseName() + what;
        }
        return cell.collector().label() + " " + cell.strategy() + " " + cell.caseName() + what + " (heap " + cell.heap() + ")";
    }



}
