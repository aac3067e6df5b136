package org.allocpool.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.kv.ContendersJar;
import org.allocpool.lab.kv.KvLab;
import org.allocpool.lab.kv.KvLabSettings;
import org.allocpool.lab.kv.KvProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab kv}: the kv lab, one forked JVM per contender (the on-heap HashMap, the
 * allocpool store, MapDB, Chronicle Map, lmdbjava) plus one for the codecs, and its tables beside
 * the 2015 article's; {@code --tables DIR} re-renders a finished run. Tables go to stdout, progress
 * to stderr. Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "kv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Loads N generated users into each contender, each in a JVM of its own: an on-heap HashMap<Long, User>, "
                + "the allocpool store (MappedStore) and, as peers, MapDB, Chronicle Map and lmdbjava; then times "
                + "System.gc() (median of three), gets of loaded keys, gets of missing keys and puts, and reads the "
                + "resident size. A last JVM measures the codecs: flyweight, Apache Fory (schema-consistent), Kryo 5, "
                + "JDK serialization.",
            "",
            "Records go to <results>/records.jsonl, the tables to stdout and <results>/tables.md, beside the figures "
                + "of \"A persistent KeyValue Server in 40 lines and a sad fact\" (2015). A contender that cannot start, "
                + "fails or times out is recorded as failed with its reason; the lab goes on.",
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
            description = "quick (default): 1,000,000 users, phases of 1 s warm-up + 2 s, under 10 minutes on 2 cores;"
                    + " full: the article's 15,000,000 users, phases of 3 s + 10 s.")
    String profile;

    @Option(names = "--users", paramLabel = "N", description = "Users per store (and the codecs' range). Default: the profile's.")
    Long users;

    @Option(names = "--contender", paramLabel = "NAME", split = ",",
            description = "Contenders to run (repeatable or comma-separated): hashmap, allocpool, mapdb, chronicle, lmdb,"
                    + " codecs. Default: all.")
    List<String> contenders;

    @Option(names = "--warmup-s", paramLabel = "S", description = "Warm-up of each timed phase, in seconds. Default: the profile's.")
    Double warmupSeconds;

    @Option(names = "--seconds", paramLabel = "S", description = "Measured time of each timed phase, in seconds. Default: the profile's.")
    Double seconds;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "A JVM argument appended for every cell (repeatable).")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a cell running longer, e.g. 90s, 10m. Default: 3m quick, 30m full.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return KvLab.renderTables(folders.tables, System.out);
        }
        KvLabSettings settings = new KvLabSettings(KvProfile.byName(profile), users, contenders, jvmArgs, folders.javaHome,
                folders.results, folders.resume, cellTimeout == null ? null : DurationText.parse(cellTimeout),
                seconds(warmupSeconds, "--warmup-s", true), seconds(seconds, "--seconds", false));
        return new KvLab(ContendersJar.child(), System.out, System.err).run(settings);
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
