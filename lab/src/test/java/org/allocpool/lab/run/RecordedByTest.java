package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.allocpool.lab.run.FakeExperiment.Cell;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child that is not the lab's own prints no record: the launch's reader makes it from its files, once it exited cleanly. */
class RecordedByTest {

    private static final String MADE = "{\"experiment\":\"fake\",\"status\":\"ok\",\"cell\":{\"name\":\"x\"},"
            + "\"metrics\":{\"value\":7}}";

    @TempDir
    Path tmp;

    @Test
    void shouldRecordWhatTheReaderMakesAndKeepWhatTheChildPrinted() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("x", "silent")), 1, tmp);
        Cell cell = experiment.cells().getFirst();
        CellFiles files = new CellFiles(tmp, "x");

        String record = new ForkRunner(new RecordLine(FakeExperiment.NAME), note -> { })
                .run(experiment.launch(cell, files).recordedBy(() -> MADE), cell.fields(), 1, files,
                        Duration.ofMinutes(1), "fake x");

        assertNull(RecordLine.failureOf(record), record);
        assertEquals(7, RecordJson.parse(record).path("metrics").path("value").asInt(), record);
        assertTrue(Files.readString(files.stdout()).contains("done, but no record"), "the child's own output kept");
    }

    @Test
    void shouldRecordAChildThatFailedAsFailedWithoutAskingTheReader() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("y", "crash")), 1, tmp);
        Cell cell = experiment.cells().getFirst();
        CellFiles files = new CellFiles(tmp, "y");
        AtomicBoolean asked = new AtomicBoolean();

        String record = new ForkRunner(new RecordLine(FakeExperiment.NAME), note -> { })
                .run(experiment.launch(cell, files).recordedBy(() -> {
                    asked.set(true);
                    return MADE;
                }), cell.fields(), 1, files, Duration.ofMinutes(1), "fake y");

        assertTrue(RecordLine.failureOf(record).contains("exited with code 3"), record);
        assertFalse(asked.get(), "a failed child's files are not read for a record");
    }
}
