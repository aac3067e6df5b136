package org.allocpool.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.firstalloc.Allocator;
import org.allocpool.firstalloc.FirstAllocMetrics;
import org.allocpool.firstalloc.FirstAllocSettings;
import org.allocpool.firstalloc.FirstAllocation;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool first-alloc}: in this JVM, times one allocator's first buffer and its first
 * {@code --count}, and prints what it measured (one result record on stdout with {@code --json}). The
 * command names no allocator's type: the allocator's classes are first loaded with the clock running.
 * Exit 0 ok, 1 the measurement failed (a failed record with {@code --json}), 2 bad input. Runs on the
 * main thread; picocli makes one instance per run.
 */
@Command(name = "first-alloc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Times, in this fresh JVM, the first buffer of one allocator and its first --count (each kept, each"
                + " written to once), counting from just before the allocator's code is first called: class loading,"
                + " static initialisation, arenas, chunks and caches all count. Also reports the JVM's start to that"
                + " point, the classes loaded, the heap bytes this thread allocated and the direct buffer memory taken.",
            "",
            "Only the first run of an allocator in a JVM is a first allocation: 'lab first-alloc' runs this in many"
                + " fresh JVMs per allocator and reports the median with its spread (after the Netty case study's"
                + " 165 ms for the first pooled buffer).",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the measurement failed (a failed record with --json), 2 bad input."})
final class FirstAllocCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--allocator", required = true, paramLabel = "NAME",
            description = "netty-pooled-heap, netty-pooled-direct, netty-adaptive-heap, netty-adaptive-direct,"
                    + " netty-unpooled-heap, netty-unpooled-direct, pool-heap (our FixedObjectPool of byte[]), pool-slab"
                    + " (our Slab + IndexPool), arena-confined, arena-shared, arena-auto (FFM, allocate per buffer),"
                    + " byte-array (new byte[]), allocate-direct (ByteBuffer.allocateDirect)")
    String allocator;

    @Option(names = "--size", defaultValue = "" + FirstAllocSettings.DEFAULT_SIZE, paramLabel = "BYTES",
            description = "bytes per buffer (default: ${DEFAULT-VALUE}, the case study's 1 KB messages)")
    int size;

    @Option(names = "--count", defaultValue = "" + FirstAllocSettings.DEFAULT_COUNT, paramLabel = "N",
            description = "buffers made and kept (default: ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--pool", paramLabel = "N",
            description = "buffers pool-heap and pool-slab make up front, at least --count (default: --count)")
    Integer pool;

    @Option(names = "--json", description = "print exactly one JSON result record on stdout, nothing else")
    boolean json;

    @Override
    public Integer call() {
        FirstAllocSettings settings = new FirstAllocSettings(Allocator.byName(allocator), size, count, pool);
        PrintWriter out = spec.commandLine().getOut();
        FirstAllocMetrics metrics;
        try {
            metrics = FirstAllocation.measure(settings);
        } catch (RuntimeException | OutOfMemoryError e) {
            String reason = e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + e.getMessage();
            if (json) {
                out.println(RecordJson.toLine(ResultRecord.failed(FirstAllocSettings.EXPERIMENT, settings.cell(),
                        Environment.current(), reason)));
                out.flush();
            } else {
                spec.commandLine().getErr().println("allocpool: first-alloc failed: " + reason);
                spec.commandLine().getErr().flush();
            }
            return 1;
        }
        if (json) {
            out.println(RecordJson.toLine(ResultRecord.ok(FirstAllocSettings.EXPERIMENT, settings.cell(),
                    Environment.current(), metrics)));
        } else {
            out.print(text(settings, metrics));
        }
        out.flush();
        return 0;
    }

    /** What a person reads: the times, then what was loaded and taken on the way. */
    static String text(FirstAllocSettings settings, FirstAllocMetrics m) {
        StringBuilder text = new StringBuilder();
        text.append(settings.allocator().label()).append(" (").append(settings.allocator().call()).append("), ")
                .append(settings.size()).append("-byte buffers:\n");
        text.append(String.format(Locale.ROOT, "  JVM start to ready:   %,d ms%n", m.startToReadyMs()));
        text.append(String.format(Locale.ROOT, "  allocator made:       %s%n", millis(m.openNs())));
        text.append(String.format(Locale.ROOT, "  first buffer:         %s  (%,d classes loaded, %,d heap bytes)%n",
                millis(m.firstBufferNs()), m.classesFirstBuffer(), m.heapBytesFirstBuffer()));
        text.append(String.format(Locale.ROOT, "  %-20s  %s  (%,d classes loaded, %,d heap bytes, %,d direct bytes)%n",
                String.format(Locale.ROOT, "first %,d:", settings.count()), millis(m.allBuffersNs()), m.classesAllBuffers(),
                m.heapBytesAllBuffers(), m.directBytes()));
        text.append(String.format(Locale.ROOT, "  later buffers:        %,.0f ns each%n", m.laterNsPerBuffer()));
        return text.toString();
    }

    private static String millis(long ns) {
        return String.format(Locale.ROOT, "%,.3f ms", ns / 1e6);
    }
}
