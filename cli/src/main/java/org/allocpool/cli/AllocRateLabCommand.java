package org.allocpool.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.allocrate.AllocRateExperiment;
import org.allocpool.lab.allocrate.AllocRateLabSettings;
import org.allocpool.lab.allocrate.AllocRateProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab alloc-rate}: runs the allocation-rate matrix through the lab runner, one
 * {@code alloc-rate} JVM per fork, and prints its tables and verdict; {@code --tables DIR} re-renders a
 * finished run. Tables go to stdout, progress to stderr. Runs on the main thread; picocli creates one
 * instance per invocation.
 */
@Command(name = "alloc-rate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the allocation-rate experiment (Chronicle's PerfTopOfBookAllocationMain): per cell (threads x collector"
                + " x loop x escape analysis) and fork, one JVM (`alloc-rate`, the cell's collector with its defaults,"
                + " -Xms1g -Xmx1g -XX:+AlwaysPreTouch) whose threads handle 44-byte TopOfBook events as fast as they can:"
                + " 'alloc' makes a new event per event, 'reuse' fills one per thread. Prints events/s in all and per"
                + " thread, the speed-up over one thread, allocated bytes per event and per second, collections, who"
                + " pays for an event (the work, the allocation, the collection) and escape analysis on against off,"
                + " our figures beside the article's, and a verdict in words; also written to <results>/tables.md and"
                + " with charts to <results>/report.html.",
            "",
            "Epsilon (-XX:+UseEpsilonGC) allocates and never collects: its cells separate the collector's share from"
                + " the allocation's own. Its heap (quick 3g, full 8g, pre-touched: that much memory for a few seconds)"
                + " holds every event, so its rounds are a fixed number of events sized to fit, not a time.",
            "",
            "Every figure is a steady-state figure: each fork warms up, then times rounds until the last ones pass a"
                + " check for a trend or a step (up to a maximum). A cell that never does is marked and never judged."
                + " A fork that crashes or times out is recorded as failed; the lab goes on.",
            ""})
final class AllocRateLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): G1, Parallel, ZGC and Epsilon x 1, cores and 2 x cores threads, the allocating"
                    + " loop under each and, under the first (G1), also escape analysis off and the reusing loop;"
                    + " 2 warm-up + 5 rounds of 300 ms (up to 8), 2 forks: 18 cells on 2 cores, " + QuickProfileTimes.ALLOC_RATE + "."
                    + " full: every collector (Serial, Parallel, G1, ZGC, Shenandoah, Epsilon) x every thread count from 1"
                    + " to 2 x cores x both loops x escape analysis on and off, 3 warm-up + 10 rounds of 1 s (up to 20):"
                    + " about an hour on 2 cores.")
    String profile;

    @Option(names = "--gc", paramLabel = "GC", split = ",",
            description = "Collectors (repeatable or comma-separated): Serial, Parallel, G1, ZGC, Shenandoah, Epsilon;"
                    + " the first is the reference under which quick also runs escape analysis off and the reusing loop."
                    + " Default: the profile's.")
    List<String> gcs;

    @Option(names = "--threads", paramLabel = "N", split = ",",
            description = "Thread counts, e.g. 1,2,3,4. Default: the profile's (quick: 1, cores, 2 x cores).")
    List<Integer> threads;

    @Option(names = "--loop", paramLabel = "alloc|reuse", split = ",",
            description = "Loops to run under every collector. Default: the profile's choice.")
    List<String> loops;

    @Option(names = "--escape-analysis", paramLabel = "on|off", split = ",",
            description = "Escape analysis values to run under every collector (off: -XX:-DoEscapeAnalysis). Default: the"
                    + " profile's choice.")
    List<String> escapeAnalysis;

    @Option(names = "--round-time", paramLabel = "TIME",
            description = "One timed round of every collector but Epsilon, e.g. 1s. Default: the profile's.")
    String roundTime;

    @Option(names = "--forks", paramLabel = "N", description = "JVMs per cell. Default: 2.")
    Integer forks;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument appended for every cell (repeatable), e.g. --jvm-arg=-XX:+UseCompactObjectHeaders.")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork running longer, e.g. 2m. Default: its rounds + 90s.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        List<Boolean> ea = null;
        if (escapeAnalysis != null) {
            ea = new ArrayList<>();
            for (String value : escapeAnalysis) {
                ea.add(AllocRateLabSettings.escapeAnalysis(value));
            }
        }
        AllocRateLabSettings settings = new AllocRateLabSettings(AllocRateProfile.byName(profile), gcs, loops, ea, threads,
                Runtime.getRuntime().availableProcessors(),
                roundTime == null ? null : LabCommand.durationOption("--round-time", roundTime), forks, jvmArgs,
                folders.javaHome, cellTimeout == null ? null : LabCommand.durationOption("--cell-timeout", cellTimeout));
        return new LabRunner(System.out, System.err).run(new AllocRateExperiment(settings, AllocpoolMain.thisJvm()),
                folders.runOptions());
    }
}
