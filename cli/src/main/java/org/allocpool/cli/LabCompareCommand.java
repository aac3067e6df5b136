package org.allocpool.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.compare.ComparisonMarkdown;
import org.allocpool.lab.compare.ComparisonPage;
import org.allocpool.lab.compare.RunComparison;
import org.allocpool.lab.compare.Threshold;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.store.RecordsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code allocpool lab compare BEFORE AFTER}: every cell two results folders share, after beside
 * before, judged faster, slower or within noise; exit code 1 when any got slower, so that it can
 * guard a CI pipeline. Prints the comparison and writes it as {@code compare.md} and, with its charts, as
 * {@code compare.html}. Runs on the main
 * thread; picocli creates one instance per invocation.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Compares two runs: for every cell both results folders hold (the same experiment, environment, cell and"
                + " metric), the figure after beside the figure before, after/before, and a judgement: slower when"
                + " after is worse by more than --threshold and the two figures' spreads (the middle half of every"
                + " round and every fork's figure) do not overlap; faster the other way round; otherwise within noise."
                + " A figure that was not steady in either run is not judged and never fails the comparison; cells in"
                + " one run only are listed as added or removed.",
            "",
            "Figures: analyzer ns/packet (and the smallest loss-free interval of real-time searches), lower is better;"
                + " kv gets, puts and misses per second per store, encodes and decodes per second per codec, and echo"
                + " events per second, higher is better.",
            "",
            "Runs from different machines or JDKs are compared when each holds one (a line at the top says so); in"
                + " merged runs holding several, each environment is compared with the other run's of the same name.",
            "",
            "Prints the comparison as Markdown and writes it to compare.md in AFTER (or --out), and beside it"
                + " compare.html: the same with the charts of before and after side by side (self-contained, no network).",
            "",
            "Guarding CI: run the lab, then compare with a kept baseline run; the step fails (exit code 1) on a"
                + " regression:",
            "  allocpool lab --results new",
            "  allocpool lab compare baseline new --threshold 15%%",
            ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no cell slower", "1:a cell slower beyond the threshold and the noise",
            "2:bad input (a folder without records, a bad --threshold), or compare.md or compare.html could not be written"})
final class LabCompareCommand implements Callable<Integer> {

    /** Exit code when no cell got slower. */
    static final int EXIT_SAME = 0;
    /** Exit code when a cell got slower beyond the threshold and the noise. */
    static final int EXIT_SLOWER = 1;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The earlier results folder (holding records.jsonl).")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The later results folder (holding records.jsonl).")
    Path after;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "10%",
            description = "How much worse (better) a figure must get to be slower (faster), as a percent with its"
                    + " sign: 10%% (default), 2.5%%.")
    String threshold;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write compare.md and compare.html (created if missing). Default: AFTER.")
    Path out;

    @Override
    public Integer call() {
        Threshold limit = Threshold.parse(threshold);
        RunComparison comparison = RunComparison.of(run(before), run(after), LabTables.REPORTS, limit);
        String text = ComparisonMarkdown.render(comparison);
        Path dir = out != null ? out : after;
        Path file = dir.resolve(ComparisonMarkdown.FILE);
        Path page = dir.resolve(ComparisonPage.FILE);
        Path writing = file;
        try {
            Files.createDirectories(dir);
            Files.writeString(file, text, StandardCharsets.UTF_8);
            writing = page;
            Files.writeString(page, ComparisonPage.render(comparison), StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("lab compare: cannot write '" + writing + "': " + e.getMessage());
            return AllocpoolMain.EXIT_USAGE;
        }
        System.out.print(text);
        System.out.flush();
        System.err.println("lab compare: written to " + file + " and " + page);
        return comparison.hasSlower() ? EXIT_SLOWER : EXIT_SAME;
    }

    /** The run in {@code dir}, read whole. */
    private static RunComparison.Run run(Path dir) {
        RecordsFile records = new RecordsFile(dir);
        if (!records.exists()) {
            throw new IllegalArgumentException("no records in '" + dir + "': it holds no " + RecordsFile.NAME);
        }
        List<JsonNode> nodes;
        try {
            nodes = records.readAll();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read '" + records.path() + "': " + e.getMessage(), e);
        }
        return new RunComparison.Run(dir.toString(), nodes, RunMerge.grouping(dir));
    }
}
