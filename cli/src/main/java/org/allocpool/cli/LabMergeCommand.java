package org.allocpool.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.store.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code allocpool lab merge DIR... --results OUT}: joins results folders (the shards of one run made
 * on many machines, or several runs) into one, prints its tables, kept apart per machine and JDK, and
 * writes them with charts into {@code report.html}.
 * Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Joins results folders into one: every record of each, in the order given (a record found twice is kept"
                + " once), with the run descriptions and logs beside them; then writes and prints the tables, and writes"
                + " the report with charts (report.html).",
            "",
            "Records from different machines or JDKs stay apart by their environment: one set of tables per machine"
                + " and JDK, never one ratio or verdict across two. The records are also written flat, one row per fork,"
                + " to records.csv. With --machine-kind, identical machines (CPU model,"
                + " cores, OS) count as one, so that the shards of a run on a pool of them give the tables of the whole run.",
            ""})
final class LabMergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results folders to join (each holding records.jsonl).")
    List<Path> sources;

    @Option(names = "--results", paramLabel = "OUT", required = true,
            description = "The folder to join them into (created if missing; records already there are kept).")
    Path results;

    @Option(names = "--machine-kind",
            description = "Take machines of one kind (the same CPU model, cores and OS) and JDK as one environment,"
                    + " whatever their host names: for the shards of one run spread over a pool of identical machines"
                    + " (Kubernetes pods, CI runners). Default: every host is an environment of its own.")
    boolean machineKind;

    @Override
    public Integer call() {
        RunMerge.Outcome outcome;
        try {
            outcome = RunMerge.merge(sources, results, machineKind ? EnvironmentGroups.Grouping.KIND
                    : EnvironmentGroups.Grouping.HOST, System.err);
        } catch (IOException e) {
            System.err.println("lab merge: cannot merge into '" + results + "': " + e.getMessage());
            return LabRunner.EXIT_IO;
        }
        String tables = LabTables.render(outcome.folder());
        try {
            Files.writeString(outcome.folder().resolve(ResultsFolder.TABLES), tables, StandardCharsets.UTF_8);
            Files.writeString(outcome.folder().resolve(ResultsFolder.REPORT), LabTables.html(outcome.folder()),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("lab merge: cannot write tables in '" + outcome.folder() + "': " + e.getMessage());
            return LabRunner.EXIT_IO;
        }
        if (!LabTables.writeCsv(outcome.folder(), System.err)) {
            return LabRunner.EXIT_IO;
        }
        System.out.print(tables);
        System.out.flush();
        System.err.println("lab merge: " + outcome.records() + " records from " + outcome.sources() + " folders"
                + (outcome.duplicates() == 0 ? "" : " (" + outcome.duplicates() + " found twice, kept once)")
                + " in " + outcome.folder().resolve("records.jsonl") + ", tables in "
                + outcome.folder().resolve(ResultsFolder.TABLES) + ", report in " + outcome.folder().resolve(ResultsFolder.REPORT)
                + ", flat in " + outcome.folder().resolve(ResultsFolder.CSV));
        return LabRunner.EXIT_OK;
    }
}
