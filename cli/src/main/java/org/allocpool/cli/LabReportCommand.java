package org.allocpool.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.store.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code allocpool lab report DIR}: writes {@code DIR/report.html} from the records already there (a
 * finished, resumed or merged run), running nothing, and prints its path. Runs on the main thread;
 * picocli creates one instance per invocation.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Writes DIR/report.html from the records in DIR, running nothing: one self-contained page (it opens with no"
                + " network and prints) with the verdict in words at the top, then per experiment and environment the"
                + " charts (ns/packet with whiskers and unsteady figures marked, GC pauses against throughput, Java / C++"
                + " and 2019 ratios, loss against interval, latency spectra; kv and echo rates, heap, allocation) and"
                + " the full tables folded below. Every lab run and 'lab merge' write it too; use this for folders"
                + " written before, or after editing records.",
            ""})
final class LabReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "A results folder holding records.jsonl.")
    Path dir;

    @Override
    public Integer call() {
        String html = LabTables.html(dir);
        Path file = dir.resolve(ResultsFolder.REPORT);
        try {
            Files.writeString(file, html, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("lab report: cannot write '" + file + "': " + e.getMessage());
            return LabRunner.EXIT_IO;
        }
        System.out.println(file);
        return LabRunner.EXIT_OK;
    }
}
