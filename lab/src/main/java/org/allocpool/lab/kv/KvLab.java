package org.allocpool.lab.kv;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.allocpool.lab.ProgressLine;
import org.allocpool.lab.fork.ChildRecord;
import org.allocpool.lab.analyzer.DurationText;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.kv.tables.KvTables;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.ResultRecord;

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
    public static final String TABLES = "tables.md";
    /** Exit code when the lab ran, whether or not every cell succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records. */
    public static final int EXIT_IO = 1;

    private static final DateTimeFormatter RUN_NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

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
        Path dir = settings.resultsDir() != null ? settings.resultsDir() : newRunFolder(Path.of("results"));
        try {
            Files.createDirectories(dir);
            RecordsFile records = new RecordsFile(dir);
            Set<String> done = settings.resumeDir() != null ? okCells(records) : Set.of();
            RunInfo run = new RunInfo(EXPERIMENT, settings.profile().label(), settings.childArgs(), settings.jvmArgs());
            RunInfo before = settings.resumeDir() != null ? RunInfo.readFrom(dir) : null;
            if (before != null && !before.equals(run)) {
                progress.println("lab: warning: resuming " + dir + " with other settings than it was started with ("
                        + before.profile() + " " + String.join(" ", before.childArgs()) + "); its tables now describe this run's");
            }
            run.writeTo(dir);

            List<KvCell> cells = settings.cells().stream().map(c -> new KvCell(c, settings.users())).toList();
            List<KvCell> toRun = cells.stream().filter(c -> !done.contains(c.key())).toList();
            ProgressLine line = new ProgressLine(progress, toRun.size());
            line.note("results in " + dir + "; " + cells.size() + " cells, " + (cells.size() - toRun.size())
                    + " already recorded ok, " + toRun.size() + " to run (kv, profile " + settings.profile().label()
                    + ", " + settings.users() + " users, cell timeout " + DurationText.format(settings.cellTimeout()) + ")");
            for (int i = 0; i < toRun.size(); i++) {
                KvCell cell = toRun.get(i);
                String label = cell.id() + " (heap " + cell.contender().heap(cell.users()) + ")";
                line.starting(i + 1, label);
                long start = System.nanoTime();
                String record = runCell(jvm, cell, settings, dir);
                records.append(record);
                line.finished(i + 1, label, Duration.ofNanos(System.nanoTime() - start), ChildRecord.failureOf(record));
            }

            String tables = KvTables.render(records.readAll(), RunInfo.readFrom(dir));
            Files.writeString(dir.resolve(TABLES), tables, StandardCharsets.UTF_8);
            out.print(tables);
            out.flush();
            line.note("records in " + records.path() + ", tables in " + dir.resolve(TABLES));
            return EXIT_OK;
        } catch (IOException e) {
            progress.println("lab: cannot keep results in '" + dir + "': " + e.getMessage());
            return EXIT_IO;
        }
    }

    /**
     * Prints the tables of the results folder {@code dir}, running nothing.
     *
     * @throws IllegalArgumentException naming {@code dir} when it holds no records, or the file when it cannot be read
     */
    public static int renderTables(Path dir, PrintStream out) {
        RecordsFile records = new RecordsFile(dir);
        if (!records.exists()) {
            throw new IllegalArgumentException("no records in '" + dir + "': it holds no " + RecordsFile.NAME);
        }
        try {
            out.print(KvTables.render(records.readAll(), RunInfo.readFrom(dir)));
            out.flush();
            return EXIT_OK;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read '" + records.path() + "': " + e.getMessage(), e);
        }
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

    private static Set<String> okCells(RecordsFile records) throws IOException {
        Set<String> ok = new HashSet<>();
        for (JsonNode record : records.readAll()) {
            if (EXPERIMENT.equals(record.path("experiment").asText())
                    && ResultRecord.OK.equals(record.path("status").asText())) {
                ok.add(KvCell.key(record.path("cell")));
            }
        }
        return ok;
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

    private static Path newRunFolder(Path parent) {
        String name = LocalDateTime.now().format(RUN_NAME);
        Path dir = parent.resolve(name);
        for (int n = 2; Files.exists(dir); n++) {
            dir = parent.resolve(name + "-" + n);
        }
        return dir;
    }
}
