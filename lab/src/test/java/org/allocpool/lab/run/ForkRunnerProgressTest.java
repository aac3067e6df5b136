package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.allocpool.lab.run.FakeExperiment.Cell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fork's child says where it is on stderr; the fork runner hands that on and still keeps the whole log. */
class ForkRunnerProgressTest {

    @TempDir
    Path tmp;

    @Test
    void shouldHandOnEveryProgressMarkerOfTheChildInOrder() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("a", "progress")), 1, tmp);
        Cell cell = experiment.cells().getFirst();
        CellFiles files = new CellFiles(tmp, "a");
        List<String> said = new CopyOnWriteArrayList<>();
        ForkRunner runner = new ForkRunner(new RecordLine(FakeExperiment.NAME), note -> { }, said::add);

        String record = runner.run(experiment.launch(cell, files), cell.fields(), 1, files, Duration.ofMinutes(2), "fake a");

        assertNull(RecordLine.failureOf(record), record);
        assertEquals(List.of("round 1 of 2", "round 2 of 2"), said);
        String log = Files.readString(files.log());
        assertTrue(log.contains("progress: round 2 of 2") && log.contains("round 1/2: 12.0 ns/packet"), log);
    }

    @Test
    void shouldHandOnNothingForAChildThatSaysNoProgress() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("b")), 1, tmp);
        Cell cell = experiment.cells().getFirst();
        CellFiles files = new CellFiles(tmp, "b");
        List<String> said = new CopyOnWriteArrayList<>();

        new ForkRunner(new RecordLine(FakeExperiment.NAME), note -> { }, said::add)
                .run(experiment.launch(cell, files), cell.fields(), 1, files, Duration.ofMinutes(2), "fake b");

        assertEquals(List.of(), said);
    }
}
