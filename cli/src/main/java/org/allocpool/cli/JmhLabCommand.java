package org.allocpool.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.jmh.JmhExperiment;
import org.allocpool.lab.jmh.JmhJar;
import org.allocpool.lab.jmh.JmhLabSettings;
import org.allocpool.lab.jmh.JmhOptions;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.process.JvmCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab jmh}: runs the user's own JMH benchmarks through the lab runner, across collectors,
 * in passes, and prints the tables and verdict; {@code --tables DIR} re-renders a finished run. Tables go to
 * stdout, progress to stderr. Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "jmh", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs your own JMH benchmarks (a jar built with JMH, e.g. from JMH's archetype) through the lab: every"
                + " benchmark --bench finds, with every value of its @Params, under every collector (--gc), each a cell;"
                + " each pass runs every cell once, one JMH run each (JMH's own forks, warm-up and iterations, -prof gc,"
                + " -rf json), the cells in a fresh random order (--seed), so that a noisy spell of the machine falls on"
                + " different cells in different passes. The collector's flag reaches JMH's forks by -jvmArgsPrepend, before the benchmark's own @Fork flags (JMH's -jvmArgsAppend would replace those).",
            "",
            "Keeps one record per cell and pass in <results>/records.jsonl (made from JMH's JSON results, kept as"
                + " <cell>.jmh.json; JMH's own output in <cell>.stdout, each fork's GC log in <cell>-<pid>.gc.log) and"
                + " prints the tables: the score per benchmark and collector with its 95%% interval across the passes,"
                + " bytes allocated per operation (gc.alloc.rate.norm), collections and their time; each collector"
                + " beside the first; and a verdict: among alternatives (the methods of one class with the same"
                + " parameters) the fastest, named only when the interval of its ratio to the runner-up lies 5%% or"
                + " more beyond parity, else 'too close to call'; and whether the collector changes each score."
                + " The same goes into the results folder as tables.md and, with the records, report.html; 'lab compare'"
                + " sets two runs side by side.",
            "",
            "The jar runs as java -cp JAR[:lib/*][:--class-path] org.openjdk.jmh.Main: a shaded jar holds JMH and the"
                + " benchmarks' dependencies; a plain jar (this project's benchmarks module) finds them in the lib"
                + " folder beside it. JMH's options left out are the benchmark's annotations' (else JMH's defaults:"
                + " 5 forks of 5 + 5 iterations of 10 s, long).",
            "",
            "Example, this project's own benchmarks, quick:",
            "  ./allocpool lab jmh --jar benchmarks/target/allocpool-benchmarks.jar",
            "    --bench 'UserCodecBenchmark' --jmh-forks 1 --warmup-iterations 2",
            "    --warmup-time 200ms --iterations 3 --time 200ms",
            ""})
final class JmhLabCommand implements Callable<Integer> {

    @Option(names = "--jar", paramLabel = "JAR", description = "The JMH benchmark jar, e.g. target/benchmarks.jar.")
    Path jar;

    @Option(names = "--bench", paramLabel = "REGEX", defaultValue = ".*",
            description = "Which benchmarks: a regular expression JMH finds in their full names, as JMH's own. Default: all.")
    String bench;

    @Option(names = "--gc", paramLabel = "GC", split = ",",
            description = "Collectors (repeatable or comma-separated): Serial, Parallel, G1, ZGC, Shenandoah, each with its"
                    + " defaults (its one selecting flag); the tables list them in that order, and set each beside the first"
                    + " of them run. Default: G1,ZGC.")
    List<String> gcs;

    @Option(names = "--param", paramLabel = "NAME=V1,V2",
            description = "Values of a @Param to run instead of the benchmark's (repeatable), as JMH's -p.")
    List<String> params;

    @Option(names = "--passes", paramLabel = "N",
            description = "Passes: one JMH run of every cell each. At least 2 for an interval. Default: 3.")
    Integer passes;

    @Option(names = "--budget", paramLabel = "DURATION",
            description = "After the passes, run further ones (up to --max-passes) only for the cells of comparisons the"
                    + " verdict cannot decide yet, while the whole run stays within DURATION, e.g. 20m. Default: none.")
    String budget;

    @Option(names = "--max-passes", paramLabel = "N",
            description = "The most passes a cell runs in with --budget. Default: 8.")
    Integer maxPasses;

    @Option(names = "--jmh-forks", paramLabel = "N", description = "JMH's forks per run (-f), at least 1. Default: the benchmark's.")
    Integer jmhForks;

    @Option(names = "--warmup-iterations", paramLabel = "N", description = "JMH's warm-up iterations (-wi). Default: the benchmark's.")
    Integer warmupIterations;

    @Option(names = "--warmup-time", paramLabel = "TIME", description = "One warm-up iteration (-w), e.g. 1s. Default: the benchmark's.")
    String warmupTime;

    @Option(names = "--iterations", paramLabel = "N", description = "JMH's measurement iterations (-i). Default: the benchmark's.")
    Integer iterations;

    @Option(names = "--time", paramLabel = "TIME", description = "One measurement iteration (-r), e.g. 1s. Default: the benchmark's.")
    String time;

    @Option(names = "--mode", paramLabel = "thrpt|avgt|sample|ss",
            description = "JMH's mode (-bm). Default: the benchmark's; a benchmark with several modes needs one.")
    String mode;

    @Option(names = "--jmh-arg", paramLabel = "ARG",
            description = "A further JMH option, passed as it is (repeatable), e.g. --jmh-arg=-t --jmh-arg=2.")
    List<String> jmhArgs;

    @Option(names = "--class-path", paramLabel = "PATH", split = ":",
            description = "Further class-path entries for the jar (colon-separated), e.g. 'deps/*'.")
    List<String> classPath;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument for every JMH fork (repeatable), after the collector's, e.g. --jvm-arg=-Xmx1g.")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a JMH run longer, e.g. 5m. Default: twice its iterations when"
                    + " forks, iterations and times are all given, else 30m.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        if (jar == null) {
            throw new IllegalArgumentException("lab jmh needs --jar JAR, a JMH benchmark jar");
        }
        JmhOptions options = new JmhOptions(jmhForks, warmupIterations,
                warmupTime == null ? null : LabCommand.durationOption("--warmup-time", warmupTime), iterations,
                time == null ? null : LabCommand.durationOption("--time", time), mode,
                jmhArgs == null ? List.of() : jmhArgs);
        JmhJar benchmarks = new JmhJar(jar, classPath == null ? List.of() : classPath,
                folders.javaHome == null ? JvmCommand.currentJava() : JvmCommand.javaIn(folders.javaHome));
        JmhLabSettings settings = new JmhLabSettings(benchmarks, bench, JmhLabSettings.collectors(gcs),
                JmhLabSettings.params(params), options, passesOrDefault(),
                jvmArgs == null ? List.of() : jvmArgs,
                cellTimeout == null ? null : LabCommand.durationOption("--cell-timeout", cellTimeout),
                maxPasses != null ? maxPasses : budget == null ? passesOrDefault()
                        : Math.max(passesOrDefault(), JmhLabSettings.DEFAULT_MAX_PASSES),
                budget == null ? null : LabCommand.durationOption("--budget", budget));
        return new LabRunner(System.out, System.err).run(JmhExperiment.of(settings), folders.runOptions());
    }

    private int passesOrDefault() {
        return passes == null ? JmhLabSettings.DEFAULT_PASSES : passes;
    }
}
