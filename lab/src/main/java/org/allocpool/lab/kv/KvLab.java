package org.allocpool.lab.kv;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.allocpool.lab.fork.CellLoop;
import org.allocpool.lab.run.ProgressLine;
import org.allocpool.lab.fork.ChildRecord;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.kv.tables.KvTables;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;

/**
 * The kv lab: runs each contender (and the codecs) in a JVM of its own with the flags it needs,
 * appends each record to {@code records.jsonl} as soon as its cell ends, and renders
 * {@code tables.md}. A contender that cannot start, fails or times out is recorded as failed and
 * the lab goes on. Runs cells one after another on the calling thread; not thread-safe. The
 * children and their data folders (deleted after each cell) are its own and never outlive it.
 */
public final class KvLab {

    /** The experiment's name in records. */
    public static final String EXPERIMENT = "kv";
    private static final ChildRecord RECORDS = new ChildRecord(EXPERIMENT);
    /** The file name of the rendered tables inside a results folder. */
    public static final String TABLES = ResultsFolder.TABLES;
    /** Exit code when the lab ran, whether or not every cell succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records. */
    public static final int EXIT_IO = 1;


    private final ChildJvm contenders;
    private final PrintStream out;
    private final PrintStream progress;

    /**
     * @param contenders how to start the contenders' main (see {@link ContendersJar#child})
     * @param out        where the tables are printed (stdout)
     * @param progress   where progress and notes are printed (stderr)
     */
    public KvLab(ChildJvm contenders, PrintStream out, PrintStream progress) {
        this.contenders = contenders;
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
    public int run(KvLabSettings settings) {
        ChildJvm jvm = settings.javaHome() == null ? contenders : contenders.withJavaHome(settings.javaHome());
        Path dir = settings.resultsDir();
        try {
            ResultsFolder folder = ResultsFolder.open(dir, Path.of("results"));
            dir = folder.dir();
            boolean resuming = settings.resumeDir() != null;
            Set<String> done = resuming
                    ? folder.okKeys(record -> EXPERIMENT.equals(record.path("experiment").asText()), KvCell::key)
                    : Set.of();
            folder.describe(new RunInfo(EXPERIMENT, settings.profile().label(), settings.childArgs(), settings.jvmArgs()),
                    resuming ? RunInfo.readFrom(dir, EXPERIMENT, RunInfo.BATCH) : null, progress);

            List<KvCell> cells = settings.cells().stream().map(c -> new KvCell(c, settings.users())).toList();
            List<KvCell> toRun = cells.stream().filter(c -> !done.contains(c.key())).toList();
            ProgressLine line = new ProgressLine(progress, toRun.size());
            line.note("results in " + dir + "; " + cells.size() + " cells, " + (cells.size() - toRun.size())
                    + " already recorded ok, " + toRun.size() + " to run (kv, profile " + settings.profile().label()
                    + ", " + settings.users() + " users, cell timeout " + DurationText.format(settings.cellTimeout()) + ")");
            CellLoop.run(toRun, cell -> cell.id() + " (heap " + cell.contender().heap(cell.users()) + ")",
                    cell -> runCell(jvm, cell, settings, folder.dir()), folder.records(), line);

            folder.publish(KvTables.render(folder.records().readAll(), RunInfo.readFrom(dir, EXPERIMENT, RunInfo.BATCH)), out);
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
     * @throws IllegalArgumentException naming {@code dir} when it holds no records, or the file when it cannot be read
     */
    public static int renderTables(Path dir, PrintStream out) {
        ResultsFolder.print(dir, out, (records, in) -> KvTables.render(records, RunInfo.readFrom(in, EXPERIMENT, RunInfo.BATCH)));
        return EXIT_OK;
    }

    private String runCell(ChildJvm jvm, KvCell cell, KvLabSettings settings, Path dir) throws IOException {
        Path log = dir.resolve(cell.id() + ".log");
        Path stdout = dir.resolve(cell.id() + ".stdout");
        Path data = dir.resolve(cell.id() + "-data");
        List<String> command = jvm.command(cell.contender().jvmFlags(cell.users()), settings.jvmArgs(),
                cell.programArgs(data, settings.childArgs()));
        Files.writeString(dir.resolve(cell.id() + ".command"), String.join(" ", command) + "\n");
        Files.writeString(log, "");
        ChildExit exit;
        try {
            exit = new ChildProcess(settings.cellTimeout()).run(command, stdout, log);
        } catch (IOException cannotStart) {
            Files.deleteIfExists(stdout);
            return RECORDS.failed(cell.intendedCell(),
                    "could not start " + jvm.java() + ": " + cannotStart.getMessage());
        } finally {
            deleteTree(data);
        }
        if (ChildRecord.isOnlyRecord(exit.stdout())) {
            Files.deleteIfExists(stdout);
        }
        return RECORDS.toLine(cell.intendedCell(), exit, log);
    }


    /** Removes a cell's data folder: a 15 M-user store is gigabytes, and its figures are in the record. */
    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

}
