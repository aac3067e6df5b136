package org.allocpool.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.AnalyzerLabSettings;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.CellKey;
import org.allocpool.lab.analyzer.DurationText;
import org.allocpool.lab.analyzer.tables.AnalyzerTables;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

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
    public static final String TABLES = "tables.md";

    /** Exit code when the lab ran, whether or not every cell succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code when the lab could not keep its records (results folder not writable). */
    public static final int EXIT_IO = 1;

    private static final DateTimeFormatter RUN_NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

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
        Path dir = settings.resultsDir() != null ? settings.resultsDir() : newRunFolder(Path.of("results"));
        try {
            Files.createDirectories(dir);
            RecordsFile records = new RecordsFile(dir);
            Set<CellKey> done = settings.resumeDir() != null ? okCells(records) : Set.of();
            String mode = settings.mode().label();
            RunInfo run = new RunInfo(CellRecord.EXPERIMENT, settings.profile().label(), settings.childArgs(),
                    settings.jvmArgs(), mode);
            RunInfo before = settings.resumeDir() != null ? RunInfo.readFrom(dir, mode) : null;
            if (before != null && !before.equals(run)) {
                progress.println("lab: warning: resuming " + dir + " with other settings than it was started with ("
                        + before.profile() + " " + String.join(" ", before.childArgs()) + "); its tables now describe this run's");
            }
            run.writeTo(dir);

            List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);
            List<AnalyzerCell> toRun = cells.stream().filter(c -> !done.contains(c.key())).toList();
            ProgressLine line = new ProgressLine(progress, toRun.size());
            line.note("results in " + dir + "; " + cells.size() + " cells, "
                    + (cells.size() - toRun.size()) + " already recorded ok, " + toRun.size() + " to run"
                    + " (" + mode + ", profile " + settings.profile().label() + ", cell timeout "
                    + DurationText.format(settings.cellTimeout()) + ")");
            for (int i = 0; i < toRun.size(); i++) {
                AnalyzerCell cell = toRun.get(i);
                line.starting(i + 1, label(cell));
                long start = System.nanoTime();
                String record = runCell(jvm, cell, settings, dir);
                records.append(record);
                line.finished(i + 1, label(cell), Duration.ofNanos(System.nanoTime() - start), failureOf(record));
            }

            String tables = AnalyzerTables.render(records.readAll(), RunInfo.readAllFrom(dir));
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
     * @return {@link #EXIT_OK}
     * @throws IllegalArgumentException naming {@code dir} when it holds no {@code records.jsonl}, or the
     *                                  file when it cannot be read
     */
    public static int renderTables(Path dir, PrintStream out) {
        RecordsFile records = new RecordsFile(dir);
        if (!records.exists()) {
            throw new IllegalArgumentException("no records in '" + dir + "': it holds no " + RecordsFile.NAME);
        }
        try {
            out.print(AnalyzerTables.render(records.readAll(), RunInfo.readAllFrom(dir)));
            out.flush();
            return EXIT_OK;
        } catch (IOException e) {
            out.flush();
            throw new IllegalArgumentException("cannot read '" + records.path() + "': " + e.getMessage(), e);
        }
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

    private static Set<CellKey> okCells(RecordsFile records) throws IOException {
        Set<CellKey> ok = new HashSet<>();
        for (JsonNode record : records.readAll()) {
            if (ResultRecord.OK.equals(record.path("status").asText())) {
                ok.add(CellKey.of(record.path("cell")));
            }
        }
        return ok;
    }

    private static String failureOf(String recordLine) {
        JsonNode record = RecordJson.parse(recordLine);
        return ResultRecord.OK.equals(record.path("status").asText()) ? null : record.path("error").asText("failed");
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
