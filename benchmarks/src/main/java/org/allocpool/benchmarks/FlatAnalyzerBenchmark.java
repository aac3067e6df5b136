package org.allocpool.benchmarks;

import java.util.concurrent.TimeUnit;
import org.allocpool.analyzer.flat.FlatAnalyzer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@code flat} analyser's batch loop in the article's case A (queue and store of 1,000, a slab of
 * 1,000,000 slots), prefilled: an op is one packet, run {@value #BATCH} at a time as the analyser's
 * rounds and real-time claims run them ({@link FlatAnalyzer#run(long)}, its counts added once per
 * batch). Run with {@code -prof gc}: the loop should allocate nothing. Its time is the lab's to report
 * (`analyzer --strategy flat --case A`); this pins the bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
@State(Scope.Thread)
public class FlatAnalyzerBenchmark {

    private static final int BATCH = 32;

    private FlatAnalyzer analyzer;

    @Setup(Level.Trial)
    public void setUp() {
        analyzer = new FlatAnalyzer(1_000, 1_000, 1_000_000);
        analyzer.prefill();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        analyzer.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void run() {
        analyzer.run(BATCH);
    }
}
