package org.allocpool.lab.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;

/**
 * A run's {@code records.jsonl}: one result record per line, appended and flushed one at a time,
 * so that a crash of the lab loses nothing already measured. A line cut short by such a crash is
 * skipped when reading. One writer at a time (the lab's main thread); not thread-safe.
 */
public final class RecordsFile {

    /** The file name inside a results folder. */
    public static final String NAME = "records.jsonl";

    private final Path file;

    /** The records file of the results folder {@code dir}. */
    public RecordsFile(Path dir) {
        this.file = dir.resolve(NAME);
    }

    /** Where the records are. */
    public Path path() {
        return file;
    }

    /** Whether any records were ever written here. */
    public boolean exists() {
        return Files.isRegularFile(file);
    }

    /** Appends {@code line} (one JSON record, no newline) and flushes it to the file before returning. */
    public void append(String line) throws IOException {
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a record must be one line");
        }
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.WRITE)) {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    /** Every record, in the order written; blank and unreadable lines are skipped. */
    public List<JsonNode> readAll() throws IOException {
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode node = RecordJson.parse(line);
                if (node.isObject()) {
                    records.add(node);
                }
            } catch (UncheckedIOException cutShort) {
                // a line the lab did not finish writing: what it measured is lost, the rest is not
            }
        }
        return List.copyOf(records);
    }
}
