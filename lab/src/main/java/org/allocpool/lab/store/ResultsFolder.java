package org.allocpool.lab.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The folder a lab run keeps everything in: its {@code records.jsonl}, the description of the run
 * ({@link RunInfo}), the rendered {@code tables.md} and {@code report.html}. Every experiment's lab uses it the same
 * way: open (or resume) the folder, skip the cells it recorded ok, describe the run, append a
 * record per cell, publish the tables. Single-threaded: the lab's main thread only.
 */
public final class ResultsFolder {

    /** The file name of the rendered tables inside a results folder. */
    public static final String TABLES = "tables.md";
    /** The file name of the records as one flat table ({@code org.allocpool.lab.export.CsvExport}) inside a results folder. */
    public static final String CSV = "records.csv";
    /** The file name of the rendered report (tables, charts and verdict in one self-contained page). */
    public static final String REPORT = "report.html";

    private static final DateTimeFormatter RUN_NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path dir;
    private final RecordsFile records;

    private ResultsFolder(Path dir) {
        this.dir = dir;
        this.records = new RecordsFile(dir);
    }

    /**
     * The folder {@code chosen} ({@code --results} or {@code --resume}), or when it is {@code null} a
     * new {@code <root>/<timestamp>} one; created if missing.
     */
    public static ResultsFolder open(Path chosen, Path root) throws IOException {
        ResultsFolder folder = new ResultsFolder(chosen != null ? chosen : newRun(root));
        Files.createDirectories(folder.dir);
        return folder;
    }

    /** Where this folder is. */
    public Path dir() {
        return dir;
    }

    /** Its records. */
    public RecordsFile records() {
        return records;
    }

    /**
     * Keeps {@code run}'s description in the folder; when resuming ({@code before} not {@code null})
     * a run started with other settings, says on {@code progress} that the tables now describe this one.
     */
    public void describe(RunInfo run, RunInfo before, PrintStream progress) throws IOException {
        if (before != null && !before.equals(run)) {
            progress.println("lab: warning: resuming " + dir + " with other settings than it was started with ("
                    + before.experiment() + " " + before.profile() + " " + String.join(" ", before.childArgs())
                    + "); its tables now describe this run's");
        }
        run.writeTo(dir);
    }

    /** Writes {@code html} to {@code report.html}, replacing what was there. */
    public void publishReport(String html) throws IOException {
        Files.writeString(dir.resolve(REPORT), html, StandardCharsets.UTF_8);
    }

    /** Writes {@code tables} to {@code tables.md} and prints them on {@code out}. */
    public void publish(String tables, PrintStream out) throws IOException {
        Files.writeString(dir.resolve(TABLES), tables, StandardCharsets.UTF_8);
        out.print(tables);
        out.flush();
    }

    /**
     * Prints the tables of the finished run in {@code dir} ({@code --tables}), running nothing.
     *
     * @throws IllegalArgumentException naming {@code dir} when it holds no {@code records.jsonl}, or the
     *                                  file when it cannot be read
     */
    public static void print(Path dir, PrintStream out, Tables tables) {
        RecordsFile records = new RecordsFile(dir);
        if (!records.exists()) {
            throw new IllegalArgumentException("no records in '" + dir + "': it holds no " + RecordsFile.NAME);
        }
        try {
            out.print(tables.render(records.readAll(), dir));
            out.flush();
        } catch (IOException e) {
            out.flush();
            throw new IllegalArgumentException("cannot read '" + records.path() + "': " + e.getMessage(), e);
        }
    }

    /** How one experiment renders its tables from the records of a folder (and the descriptions kept there). */
    @FunctionalInterface
    public interface Tables {
        String render(List<JsonNode> records, Path dir) throws IOException;
    }

    private static Path newRun(Path parent) {
        String name = LocalDateTime.now().format(RUN_NAME);
        Path dir = parent.resolve(name);
        for (int n = 2; Files.exists(dir); n++) {
            dir = parent.resolve(name + "-" + n);
        }
        return dir;
    }
}
