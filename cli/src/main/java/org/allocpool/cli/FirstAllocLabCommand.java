package org.allocpool.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.firstalloc.FirstAllocExperiment;
import org.allocpool.lab.firstalloc.FirstAllocLabSettings;
import org.allocpool.lab.firstalloc.FirstAllocProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab first-alloc}: runs {@code first-alloc} in many fresh JVMs per allocator through the lab
 * runner and prints the tables and verdict; {@code --tables DIR} re-renders a finished run. Tables go to
 * stdout, progress to stderr. Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "first-alloc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the first-allocation experiment (after the Netty case study's 165 ms for the first pooled buffer):"
                + " per allocator, many fresh JVMs (forks), each timing its first buffer and its first --count from"
                + " just before the allocator's code is first called, so that class loading, static initialisation,"
                + " arenas and caches all count. Keeps one record per fork in <results>/records.jsonl and prints the"
                + " tables (median over the forks with their 10th-90th percentile, classes loaded, heap and direct"
                + " memory, the share of start-up, the case study beside ours) and a verdict, also in <results>/tables.md"
                + " and, with charts, <results>/report.html.",
            "",
            "Forks run pass by pass (every allocator's first, then every second...), so a noisy spell falls on all"
                + " allocators alike. A fork that fails is recorded as failed and the lab goes on.",
            "",
            "Every child: -XX:+UseG1GC -Xms256m -Xmx256m, Unsafe denied as ./allocpool runs; --jvm-arg adds flags,"
                + " e.g. an AOT cache (see docs/explanation/first-alloc.md).",
            ""})
final class FirstAllocLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): every allocator in 15 fresh JVMs, " + QuickProfileTimes.FIRST_ALLOC + " on a quiet 2-core machine"
                    + " (a busy one takes longer); full: 101 JVMs each, about 20 minutes.")
    String profile;

    @Option(names = "--allocator", paramLabel = "NAME", split = ",",
            description = "Allocators to run (repeatable or comma-separated): netty-pooled-heap, netty-pooled-direct,"
                    + " netty-adaptive-heap, netty-adaptive-direct, netty-unpooled-heap, netty-unpooled-direct,"
                    + " pool-heap, pool-slab, arena-confined, arena-shared, arena-auto, byte-array, allocate-direct."
                    + " Default: all.")
    List<String> allocators;

    @Option(names = "--size", paramLabel = "BYTES", description = "Bytes per buffer. Default: 1024 (the case study's messages).")
    Integer size;

    @Option(names = "--count", paramLabel = "N", description = "Buffers made and kept per fork. Default: 1000.")
    Integer count;

    @Option(names = "--pool", paramLabel = "N", description = "Buffers pool-heap and pool-slab make up front. Default: --count.")
    Integer pool;

    @Option(names = "--forks", paramLabel = "N",
            description = "Fresh JVMs per allocator, at least 3. Default: the profile's (quick 15, full 101).")
    Integer forks;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument appended for every fork (repeatable), e.g. --jvm-arg=-XX:AOTCache=app.aot.")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork running longer, e.g. 30s. Default: 1m.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        FirstAllocLabSettings settings = new FirstAllocLabSettings(FirstAllocProfile.byName(profile), allocators, size,
                count, pool, forks, jvmArgs, folders.javaHome,
                cellTimeout == null ? null : LabCommand.durationOption("--cell-timeout", cellTimeout));
        return new LabRunner(System.out, System.err).run(new FirstAllocExperiment(settings, AllocpoolMain.thisJvm()),
                folders.runOptions());
    }
}
