package org.allocpool.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import picocli.CommandLine.Option;

/**
 * The options every lab command shares (a picocli mixin): which JDK runs the cells, where a run
 * keeps its records and tables, resumes, or is re-rendered from, which part of the cells this
 * machine runs, and whether each JVM keeps a flight recording. Filled by picocli on the main thread;
 * read once by the command.
 */
final class LabFolders {

    @Option(names = "--java", paramLabel = "HOME", description = "Run the cells with the java of another JDK (its home folder).")
    Path javaHome;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to keep records and tables. Default: results/<timestamp>.")
    Path results;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Complete the run in DIR: skip the forks it recorded ok, run the others and append to it.")
    Path resume;

    @Option(names = "--tables", paramLabel = "DIR", description = "Print the tables of the finished run in DIR and write its records.csv; run nothing else.")
    Path tables;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Run only the K-th of N parts of the cells (every N-th cell from the K-th, in the lab's order;"
                    + " every fork of a cell in the same part), e.g. a Kubernetes job's completion index + 1 over its"
                    + " completions; join the parts with 'lab merge'. Default: 1/1, everything.")
    String shard;

    @Option(names = "--keep-jfr",
            description = "Keep a flight recording of every Java JVM a fork starts (JFR, default settings, about 1%%"
                    + " overhead) in the results folder as <cell>.jfr (the echo server's as <cell>.server.jfr; none for"
                    + " the C++ analyser), to open in JDK Mission Control. Off by default: each is megabytes.")
    boolean keepJfr;

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the passes' random orders (each pass runs one fork of every cell in a fresh random"
                    + " order; the records keep the seed). Default: a new one each run.")
    Long seed;

    /**
     * Where and how much this run does.
     *
     * @throws IllegalArgumentException naming the bad value: a malformed shard, a folder to resume that
     *                                  holds no records, or {@code --results} and {@code --resume} naming two folders
     */
    RunOptions runOptions() {
        Shard part = shard == null ? Shard.ALL : Shard.parse(shard);
        if (resume == null) {
            return new RunOptions(results, false, part).keepingJfr(keepJfr).withSeed(seed);
        }
        if (results != null && !results.equals(resume)) {
            throw new IllegalArgumentException("--results '" + results + "' and --resume '" + resume
                    + "' name different folders; --resume appends to the folder it names");
        }
        if (!Files.isRegularFile(resume.resolve(RecordsFile.NAME))) {
            throw new IllegalArgumentException("nothing to resume in '" + resume + "': it holds no " + RecordsFile.NAME);
        }
        return new RunOptions(resume, true, part).keepingJfr(keepJfr).withSeed(seed);
    }
}
