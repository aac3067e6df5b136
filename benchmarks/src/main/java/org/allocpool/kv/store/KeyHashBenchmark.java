package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What format version 5's keyed byte-key hash costs per key against version 4's unkeyed one:
 * SipHash-2-4 keyed by a store's seed ({@link KeyHash#ofBytes} with a seed) beside the word-mixing
 * hash it replaced (seed 0), over keys of {@code length} bytes (16: a short Redis key; 70: the
 * crash tests' {@code user:kkk...:n} keys). Both are on every RESP GET and SET of a byte key.
 * In the store's package because the hash is package-private. One thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class KeyHashBenchmark {

    @Param({"16", "70"})
    int length;

    private MemorySegment key;
    private final long seed = 0x9E37_79B9_7F4A_7C15L;

    @Setup
    public void makeKey() {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) ('a' + i % 26);
        }
        key = MemorySegment.ofArray(bytes);
    }

    @Benchmark
    public long keyedSipHash() {
        return KeyHash.ofBytes(seed, key, 0, length);
    }

    @Benchmark
    public long unkeyedVersion4() {
        return KeyHash.ofBytes(0, key, 0, length);
    }
}
