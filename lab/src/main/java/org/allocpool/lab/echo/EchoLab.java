package org.allocpool.lab.echo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.fork.CellLoop;
import org.allocpool.lab.run.ProgressLine;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.echo.tables.EchoTables;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;

/**
 * The echo lab: for each cell of the matrix starts a server JVM ({@code echo serve}) and a bench JVM
 * ({@code echo bench}) of this very program, appends the bench's record to {@code records.jsonl} as soon
 * as the cell ends, and renders {@code tables.md}. It knows the echo experiment only through those
 * command lines and records. A cell that fails is recorded as failed and the lab goes on. Runs
 * cells one after another on the calling thread; not thread-safe. Owns no memory beyond the run; the
 * processes it starts are its own and never outlive their cell (nor this JVM, on Ctrl-C).
 */
public final class EchoLab {

    /** The experiment's name in records. */
    public static final String EXPERIMENT = "echo";
    /** The file name of the rendered tables inside a results folder. */
    public static final String TABLES = ResultsFolder.TABLES;
    /** Exit code when the lab ran, whether or not every cell succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records (results folder not writable). */
    public static final int EXIT_IO = 1;

    /** How long a server may take to exit after its stdin closes, and again after SIGTERM, before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);


    private final ChildJvm child;
    private final PrintStream out;
    private final PrintStream progress;
    private final Duration stopGrace;

    /**
     * @param child    how to start this program again (see {@link ChildJvm#ofCurrentProcess})
     * @param out      where the tables are printed (stdout)
     * @param progress where progress and notes are printed (stderr)
     */
    public EchoLab(ChildJvm child, PrintStream out, PrintStream progress) {
        this(child, out, progress, STOP_GRACE);
    }

    EchoLab(ChildJvm child, PrintStream out, PrintStream progress, Duration stopGrace) {
        this.child = child;
        this.out = out;
        this.progress = progress;
        this.stopGrace = stopGrace;
    }

    /**
     * Runs every cell the settings ask for that is not already recorded ok (when resuming), then
     * prints the tables and writes them beside the records.
     *
     * @return {@link #EXIT_OK} when the lab ran (failed cells are in the tables), {@link #EXIT_IO}
     *         when it could not write its results folder
     */
    public int run(EchoLabSettings settings) {
        ChildJvm jvm = settings.javaHome() == null ? child : child.withJavaHome(settings.javaHome());
        Path dir = settings.resultsDir();
        try {
            ResultsFolder folder = ResultsFolder.open(dir, Path.of("results"));
            dir = folder.dir();
            boolean resuming = settings.resumeDir() != null;
            Set<EchoCellKey> done = resuming
                    ? folder.okKeys(record -> EXPERIMENT.equals(record.path("experiment").asText()), EchoCellKey::of)
                    : Set.of();
            folder.describe(new RunInfo(EXPERIMENT, settings.profile().label(), settings.childArgs(), settings.jvmArgs()),
                    resuming ? RunInfo.readFrom(dir, EXPERIMENT, RunInfo.BATCH) : null, progress);

            List<EchoCell> cells = EchoMatrix.expand(settings);
            List<EchoCell> toRun = cells.stream().filter(c -> !done.contains(c.key())).toList();
            ProgressLine line = new ProgressLine(progress, toRun.size());
            line.note("results in " + dir + "; " + cells.size() + " cells, "
                    + (cells.size() - toRun.size()) + " already recorded ok, " + toRun.size() + " to run"
                    + " (echo, profile " + settings.profile().label() + ", warm-up " + EchoCell.durationArg(settings.warmup())
                    + " + " + EchoCell.durationArg(settings.duration()) + " measured, cell timeout "
                    + DurationText.format(settings.cellTimeout()) + ")");
            EchoCellRun cellRun = new EchoCellRun(jvm, settings, dir, stopGrace, line::note);
            CellLoop.run(toRun, EchoCell::label, cellRun::run, folder.records(), line);

            folder.publish(EchoTables.render(folder.records().readAll(), RunInfo.readFrom(dir, EXPERIMENT, RunInfo.BATCH)), out);
            line.note("records in " + folder.records().path() + ", tables in " + dir.resolve(TABLES));
            return EXIT_OK;
        } catch (IOException e) {
            progress.println("lab: cannot keep results in '" + (dir != null ? dir : Path.of("results")) + "': "
                    + e.getMessage());
            return EXIT_IO;
        }
    }

    /**
     * Prints the echo tables of the results folder {@code dir}, running nothing.
     *
     * @return {@link #EXIT_OK}
     * @throws IllegalArgumentException naming {@code dir} when it holds no {@code records.jsonl}, or the
     *                                  file when it cannot be read
     */
    public static int renderTables(Path dir, PrintStream out) {
        ResultsFolder.print(dir, out, (records, in) -> EchoTables.render(records, RunInfo.readFrom(in, EXPERIMENT, RunInfo.BATCH)));
        return EXIT_OK;
    }


}
