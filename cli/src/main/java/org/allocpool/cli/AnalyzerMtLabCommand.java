package org.allocpool.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.analyzermt.AnalyzerMtExperiment;
import org.allocpool.lab.analyzermt.AnalyzerMtProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab analyzer-mt}: the multi-threaded analyser through the lab runner and its tables
 * and verdict; {@code --tables DIR} re-renders a finished run. Runs on the main thread.
 */
@Command(name = "analyzer-mt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs 'allocpool analyzer-mt' (see its --help) for every collector x case x strategy x processor count, one"
                + " JVM per cell (--forks for more), and prints packets per second by number of processors with the ratio"
                + " to one, the collections, the single-threaded article's figures beside them, and a verdict.",
            "",
            "--mode realtime paces the source at --interval-ns (default 1000, the article's reference interval) and"
                + " reports the loss per N instead.",
            "",
            "quick (default, 32 cells, " + QuickProfileTimes.ANALYZER_MT + " on 2 cores): G1 and ZGC x cases A and B x alloc,"
                + " pool-shared, pool-per-thread, flat x 1 and 2 processors (with the source thread, 2 already oversubscribes"
                + " 2 cores; --threads 1,2,4 for more), rounds of 250 ms; full: three collectors, every case, 1 to 4"
                + " processors, rounds of 1 s and the article's pool of 1,000,000.",
            ""})
final class AnalyzerMtLabCommand implements Callable<Integer> {

    @Option(names = "--profile", defaultValue = "quick", paramLabel = "quick|full", description = "(default: ${DEFAULT-VALUE})")
    String profile;

    @Option(names = "--mode", defaultValue = "batch", paramLabel = "batch|realtime", description = "(default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--gc", split = ",", paramLabel = "GC", description = "collectors: Serial, Parallel, G1, ZGC, Shenandoah")
    List<String> gcs;

    @Option(names = "--strategy", split = ",", paramLabel = "NAME", description = "alloc, pool-shared, pool-per-thread, flat")
    List<String> strategies;

    @Option(names = "--case", split = ",", paramLabel = "CASE", description = "A, B, C")
    List<String> cases;

    @Option(names = "--threads", split = ",", paramLabel = "N", description = "processor counts, e.g. 1,2,4")
    List<Integer> threads;

    @Option(names = "--interval-ns", paramLabel = "NS", description = "realtime: the source's interval (default 1000)")
    Long intervalNs;

    @Option(names = "--forks", paramLabel = "N", description = "JVMs per cell (default 1)")
    Integer forks;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "a JVM argument added to every cell (repeatable)")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        AnalyzerMtExperiment experiment = new AnalyzerMtExperiment(AnalyzerMtProfile.byName(profile), mode.strip(), gcs,
                strategies, cases, threads, intervalNs, forks, jvmArgs, AllocpoolMain.thisJvm());
        return new LabRunner(System.out, System.err).run(experiment, folders.runOptions());
    }
}
