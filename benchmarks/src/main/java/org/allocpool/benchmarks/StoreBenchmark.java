package org.allocpool.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.store.ValueView;
import org.allocpool.kv.user.UserFlyweight;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.kv.user.UserLayout;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The kv store's get and put on {@code users} generated users (about 64 bytes each, the
 * flyweight layout), in async durability: a copy into a caller's array, a zero-copy read through
 * a {@link ValueView} and a {@link UserFlyweight}, and a put that replaces an existing value
 * (an append to the log and a slot flip; the store grows and compacts as it must). The store
 * lives in a temporary directory deleted after the trial. {@code shared}: the store opened so that
 * other processes may share its file (the segment locks, counts and log tail in the file; no other
 * process opens it here, so this is the cost of the mode itself, one process).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class StoreBenchmark {

    @Param({"10000", "1000000"})
    int users;

    @Param({"false", "true"})
    boolean shared;

    private Path dir;
    private MappedStore store;
    private byte[][] encoded;
    private final byte[] buffer = new byte[4096];
    private final ValueView view = new ValueView();
    private final UserFlyweight user = new UserFlyweight();
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("allocpool-kv-bench");
        store = MappedStore.open(dir, new StoreConfig(users, 4096, Durability.ASYNC).withShared(shared));
        int distinct = Math.min(users, 10_000);
        encoded = new byte[distinct][];
        for (int i = 0; i < distinct; i++) {
            encoded[i] = UserLayout.encode(UserGenerator.user(i));
        }
        for (int id = 0; id < users; id++) {
            byte[] bytes = encoded[id % distinct];
            store.put(id, bytes, 0, bytes.length);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private int nextId() {
        int i = next;
        next = i + 1 == users ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int getIntoArray() {
        return store.get(nextId(), buffer);
    }

    @Benchmark
    public long getThroughFlyweight() {
        if (!store.get(nextId(), view)) {
            return -1;
        }
        user.wrap(view.segment(), view.offset(), view.length());
        return user.id() + user.friendCount();
    }

    @Benchmark
    public int putReplacing() {
        int id = nextId();
        byte[] bytes = encoded[id % encoded.length];
        store.put(id, bytes, 0, bytes.length);
        return bytes.length;
    }
}
