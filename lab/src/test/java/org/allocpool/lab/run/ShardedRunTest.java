package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.run.FakeExperiment.Cell;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run split with {@code --shard} over two machines and merged is the run made on one. */
class ShardedRunTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldGiveTheSameCellsRecordsAndTablesAsOneRunWhenShardsAreMerged() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("a"), new Cell("bb", "ok", "crash"),
                new Cell("ccc"), new Cell("dddd", "silent"), new Cell("eeeee")), 2, tmp);
        Path whole = tmp.resolve("whole");
        Path first = tmp.resolve("shard1");
        Path second = tmp.resolve("shard2");
        run(experiment, new RunOptions(whole, false, Shard.ALL));
        run(experiment, new RunOptions(first, false, Shard.parse("1/2")));
        run(experiment, new RunOptions(second, false, Shard.parse("2/2")));

        Set<String> firstCells = cells(first);
        Set<String> secondCells = cells(second);
        assertEquals(Set.of("a", "ccc", "eeeee"), firstCells, "every other cell from the first");
        assertEquals(Set.of("bb", "dddd"), secondCells);
        assertEquals(10, new RecordsFile(first).readAll().size() + new RecordsFile(second).readAll().size(),
                "every fork of a cell runs in its cell's shard");

        Path merged = tmp.resolve("merged");
        RunMerge.Outcome outcome = RunMerge.merge(List.of(first, second), merged, LabRunnerTest.print(progress));
        assertEquals(new RunMerge.Outcome(merged, 10, 2, 0), outcome);

        assertEquals(cells(whole), cells(merged));
        assertEquals(sorted(new RecordsFile(whole).readAll()), sorted(new RecordsFile(merged).readAll()),
                "the same records, in another order");
        assertEquals(Files.readString(whole.resolve(ResultsFolder.TABLES)),
                LabRunner.render(new RecordsFile(merged).readAll(), RunInfo.readAllFrom(merged),
                        new FakeExperiment.FakeReport()));
        assertTrue(Files.exists(merged.resolve("bb-fork2.log")), "the logs come along");
    }

    @Test
    void shouldKeepARecordFoundTwiceOnceWhenMergingAgain() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("a"), new Cell("bb")), 1, tmp);
        Path first = tmp.resolve("shard1");
        Path second = tmp.resolve("shard2");
        run(experiment, new RunOptions(first, false, Shard.parse("1/2")));
        run(experiment, new RunOptions(second, false, Shard.parse("2/2")));
        Path merged = tmp.resolve("merged");
        RunMerge.merge(List.of(first), merged, LabRunnerTest.print(progress));

        RunMerge.Outcome again = RunMerge.merge(List.of(first, second), merged, LabRunnerTest.print(progress));

        assertEquals(new RunMerge.Outcome(merged, 1, 2, 1), again);
        assertEquals(2, new RecordsFile(merged).readAll().size());
    }

    @Test
    void shouldRememberThatAMergeTookMachinesOfOneKindAsOneEnvironment() throws Exception {
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("a")), 1, tmp);
        Path first = tmp.resolve("shard1");
        run(experiment, new RunOptions(first, false, Shard.ALL));
        Path byKind = tmp.resolve("by-kind");
        Path byHost = tmp.resolve("by-host");

        RunMerge.merge(List.of(first), byKind, EnvironmentGroups.Grouping.KIND, LabRunnerTest.print(progress));
        RunMerge.merge(List.of(first), byHost, LabRunnerTest.print(progress));

        assertEquals(EnvironmentGroups.Grouping.KIND, RunMerge.grouping(byKind));
        assertEquals(EnvironmentGroups.Grouping.HOST, RunMerge.grouping(byHost));
        assertEquals(EnvironmentGroups.Grouping.HOST, RunMerge.grouping(first), "a run of its own: one host");
    }

    private void run(FakeExperiment experiment, RunOptions options) {
        assertEquals(LabRunner.EXIT_OK, new LabRunner(LabRunnerTest.print(out), LabRunnerTest.print(progress))
                .run(experiment, options));
    }

    private static Set<String> cells(Path dir) throws Exception {
        Set<String> names = new HashSet<>();
        new RecordsFile(dir).readAll().forEach(r -> names.add(r.path("cell").path("name").asText()));
        return names;
    }

    /**
     * The records as text, in one order, without the one figure that depends on the order they ran in
     * ({@code recordsBefore}: how many the lab had written before each).
     */
    private static List<String> sorted(List<JsonNode> records) {
        List<String> lines = new ArrayList<>();
        for (JsonNode record : records) {
            ObjectNode copy = record.deepCopy();
            copy.remove(RecordLine.SCHEDULE_FIELDS); // where each fork stood in its pass differs between the runs
            if (copy.path("metrics") instanceof ObjectNode metrics) {
                metrics.remove("recordsBefore");
            }
            lines.add(copy.toString());
        }
        lines.sort(String::compareTo);
        return lines;
    }
}
