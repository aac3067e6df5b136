package org.allocpool.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.kv.ContendersJar;
import org.allocpool.lab.kv.KvExperiment;
import org.allocpool.lab.kv.KvLabSettings;
import org.allocpool.lab.kv.KvProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab kv}: the kv lab through the lab runner, each contender (the on-heap HashMap,
 * the allocpool store, MapDB, Chronicle Map, lmdbjava) and the codecs in forked JVMs, two per cell by
 * default, and its tables and verdict beside the 2015 article; {@code --tables DIR} re-renders a
 * finished run. Tables go to stdout, progress to stderr. Runs on the main thread; picocli creates one
 * instance per invocation.
 */
@Command(name = "kv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Loads N generated users into each contender, each in JVMs of its own (two forks by default): an on-heap "
                + "HashMap<Long, User>, the allocpool store (MappedStore) and, as peers, MapDB, Chronicle Map and lmdbjava; "
                + "then times three full collections (GC.run, which -XX:+DisableExplicitGC does not turn off), gets of "
                + "loaded keys, gets of missing keys and puts, and reads the resident size. A last cell measures the "
                + "codecs: flyweight, Apache Fory (schema-consistent), Kryo 5, JDK serialization, each two ways: fresh "
                + "(a new byte[] per encode, a whole User per decode) and at its best (into a buffer it reuses; the "
                + "flyweight reading fields in place), with the bytes each way allocates.",
            "",
            "--contender servers (not in the default run) measures two servers under the same client, redis-benchmark: "
                + "Redis (redis-server, started on a free loopback port, appendonly yes) and kv serve --resp-port (a JVM "
                + "of its own): GET and SET at -c 1, 4, 16 x -P 1, 16 with N keys loaded first (Redis appendfsync "
                + "everysec beside the store's async), SET with appendfsync always beside sync, and each server's "
                + "resident set per million keys. Without redis-server and redis-benchmark the tables say so "
                + "(Debian/Ubuntu: apt-get install redis-server redis-tools).",
            "",
            "Every rate is a steady-state figure: each phase warms up, then times rounds until the last --rounds pass a "
                + "check for a trend or a step (up to --max-rounds); one that never does is marked and never a winner. "
                + "Figures are medians over the forks, with the spread of the rounds and of the forks.",
            "",
            "Records go to <results>/records.jsonl, the tables and a verdict in words to stdout and <results>/tables.md, "
                + "beside the figures of \"A persistent KeyValue Server in 40 lines and a sad fact\" (2015). A fork that "
                + "cannot start, fails or times out is recorded as failed with its reason; the lab goes on.",
            "",
            "Beside the records each fork keeps its stderr (<cell>.log) and GC log (<cell>.gc.log, for GCViewer); "
                + "--keep-jfr adds its flight recording (<cell>.jfr). No .hlog: the contenders time rounds of "
                + "operations, not each operation's latency.",
            "",
            "Every cell runs G1. Heaps: the HashMap 256 MB + 800 bytes per user (1 GB at 1 M users, 11.4 GB at 15 M),"
                + " every other cell 256 MB. Flags per contender:",
            "  allocpool:  --sun-misc-unsafe-memory-access=deny, no --add-opens",
            "  chronicle:  -Dchronicle.analytics.disable=true and the --add-opens and",
            "              --add-exports of its Java 17+ instructions (java.base,",
            "              jdk.unsupported, jdk.compiler)",
            "  lmdb:       --add-opens java.base/java.nio and java.base/sun.nio.ch",
            "  mapdb, chronicle, lmdb, codecs: --sun-misc-unsafe-memory-access=allow",
            "The contenders come from kv-contenders/target (built by ./allocpool).",
            ""})
final class KvLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): 1,000,000 users, phases of 1 s warm-up (the stores' puts 4 s: Chronicle"
                    + " Map's warm up that long) + rounds of 0.4 s (5, up to 10), two forks, " + QuickProfileTimes.KV + " on 2 cores;"
                    + " full: the article's 15,000,000 users, phases of 3 s (puts 4 s) + rounds of 2 s.")
    String profile;

    @Option(names = "--users", paramLabel = "N", description = "Users per store (and the codecs' range, and the keys the servers load). Default: the profile's.")
    Long users;

    @Option(names = "--contender", paramLabel = "NAME", split = ",",
            description = "Contenders to run (repeatable or comma-separated): hashmap, allocpool, mapdb, chronicle, lmdb,"
                    + " codecs, servers. Default: all but servers.")
    List<String> contenders;

    @Option(names = "--forks", paramLabel = "N",
            description = "JVMs per cell: each is one sample of the JIT's and the memory layout's decisions. Default: 2.")
    Integer forks;

    @Option(names = "--warmup-s", paramLabel = "S", description = "Warm-up of each timed phase, in seconds, the"
            + " stores' puts' too. Default: the profile's.")
    Double warmupSeconds;

    @Option(names = "--round-s", paramLabel = "S", description = "Time of one timed round, in seconds. Default: the profile's.")
    Double roundSeconds;

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds that make each phase's figure. Default: 5.")
    Integer rounds;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "Rounds at the most, while the last --rounds are not steady. Default: 10.")
    Integer maxRounds;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "A JVM argument appended for every cell (repeatable).")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork running longer, e.g. 90s, 10m. Default: 3m quick, 30m full,"
                    + " longer in proportion when --warmup-s, --round-s or --max-rounds let a phase run longer.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        KvLabSettings settings = new KvLabSettings(KvProfile.byName(profile), users, contenders, jvmArgs, folders.javaHome,
                cellTimeout == null ? null : LabCommand.durationOption("--cell-timeout", cellTimeout),
                seconds(warmupSeconds, "--warmup-s", true), seconds(roundSeconds, "--round-s", false), rounds, maxRounds,
                forks);
        RunOptions run = folders.runOptions();
        return new LabRunner(System.out, System.err).run(new KvExperiment(settings, ContendersJar.command(), AllocpoolMain.thisJvm()), run);
    }

    private static Duration seconds(Double value, String option, boolean zeroAllowed) {
        if (value == null) {
            return null;
        }
        if (!(value > 0 || (zeroAllowed && value == 0))) {
            throw new IllegalArgumentException(option + " must be a " + (zeroAllowed ? "non-negative" : "positive")
                    + " number of seconds, was " + value);
        }
        return Duration.ofNanos(Math.round(value * 1e9));
    }
}
