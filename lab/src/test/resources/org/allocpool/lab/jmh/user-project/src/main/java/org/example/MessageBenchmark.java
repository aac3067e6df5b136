package org.example;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** A user's message handler two ways: a fresh buffer per message, or one buffer reused. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MessageBenchmark {

    @Param({"200"})
    public int size;

    private byte[] kept;
    private long sequence;

    @Setup
    public void setUp() {
        kept = new byte[size];
    }

    @Benchmark
    public byte[] allocate() {
        byte[] buffer = new byte[size];
        fill(buffer);
        return buffer;
    }

    @Benchmark
    public byte[] reuse() {
        fill(kept);
        return kept;
    }

    private void fill(byte[] buffer) {
        long s = ++sequence;
        for (int i = 0; i < buffer.length; i++) {
            buffer[i] = (byte) (s + i);
        }
    }
}
