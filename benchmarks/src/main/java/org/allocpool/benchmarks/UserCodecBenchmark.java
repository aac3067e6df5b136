package org.allocpool.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserFlyweight;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.kv.user.UserLayout;
import org.allocpool.kv.user.UserWriter;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The flyweight codec of the kv lab ({@link UserLayout}), each way it can be used, over the kv
 * lab's generated users (about 64 bytes each; 3 of the 8 cities non-ASCII), cycled in order:
 * {@code encodeFresh} to a new array and {@code decodeWhole} to a new {@link User} (how the lab's
 * codec table measured every codec), {@code encodeInPlace} into one reused off-heap segment, and
 * {@code readInPlace}: a reused {@link UserFlyweight} over a segment holding every encoded user,
 * reading the id, the friend count and the name's length, no {@code User} built. Beside them, the
 * same four ways for Apache Fory configured as the kv lab's {@code ForyUserCodec} at its best (schema
 * consistent, {@code User} registered, no reference tracking): {@code fory*Fresh} to a new array and
 * from a new {@code MemoryBuffer}, {@code foryEncodeReused} into one rewound buffer and
 * {@code foryDecodeReused} through one re-pointed buffer (deserialisation cannot read less than a
 * whole {@code User}), so that flyweight/Fory is read within one run. Run with {@code -prof gc}: the
 * in-place ways should allocate nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class UserCodecBenchmark {

    private static final int USERS = 1024;

    private final FlyweightUserCodec codec = new FlyweightUserCodec();
    private final UserFlyweight flyweight = new UserFlyweight();
    private final UserWriter writer = new UserWriter();
    private final byte[] targetArray = new byte[UserLayout.MAX_BYTES];
    private final Fory fory = ForyAsTheLabConfiguresIt.forUsers();
    private final MemoryBuffer foryOutput = MemoryBuffer.newHeapBuffer(256);
    private final MemoryBuffer foryInput = MemoryBuffer.newHeapBuffer(1);
    private byte[][] foryEncoded;
    private User[] users;
    private byte[][] encoded;
    private long[] offsets;
    private Arena arena;
    private MemorySegment store;
    private MemorySegment target;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        users = new User[USERS];
        encoded = new byte[USERS][];
        foryEncoded = new byte[USERS][];
        offsets = new long[USERS + 1];
        for (int i = 0; i < USERS; i++) {
            users[i] = UserGenerator.user(i * 977L);
            encoded[i] = UserLayout.encode(users[i]);
            foryEncoded[i] = fory.serialize(users[i]);
            offsets[i + 1] = offsets[i] + encoded[i].length;
        }
        arena = Arena.ofConfined();
        store = arena.allocate(offsets[USERS]);
        target = arena.allocate(4096);
        for (int i = 0; i < USERS; i++) {
            MemorySegment.copy(MemorySegment.ofArray(encoded[i]), 0, store, offsets[i], encoded[i].length);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    private int nextIndex() {
        int i = next;
        next = (i + 1) & (USERS - 1);
        return i;
    }

    @Benchmark
    public byte[] encodeFresh() {
        return codec.encode(users[nextIndex()]);
    }

    @Benchmark
    public int encodeInPlace() {
        return UserLayout.write(users[nextIndex()], target, 0);
    }

    @Benchmark
    public int encodeWriter() {
        return writer.write(users[nextIndex()], target, 0);
    }

    @Benchmark
    public int encodeIntoArray() {
        return UserLayout.write(users[nextIndex()], targetArray, 0);
    }

    @Benchmark
    public User decodeWhole() {
        byte[] bytes = encoded[nextIndex()];
        return codec.decode(bytes, 0, bytes.length);
    }

    @Benchmark
    public long readInPlace() {
        int i = nextIndex();
        UserFlyweight user = flyweight.wrap(store, offsets[i], (int) (offsets[i + 1] - offsets[i]));
        return user.id() + user.friendCount() + user.nameLength();
    }

    @Benchmark
    public byte[] foryEncodeFresh() {
        return fory.serialize(users[nextIndex()]);
    }

    @Benchmark
    public int foryEncodeReused() {
        foryOutput.writerIndex(0);
        fory.serialize(foryOutput, users[nextIndex()]);
        return foryOutput.writerIndex();
    }

    @Benchmark
    public User foryDecodeFresh() {
        byte[] bytes = foryEncoded[nextIndex()];
        return fory.deserialize(MemoryBuffer.fromByteArray(bytes, 0, bytes.length), User.class);
    }

    @Benchmark
    public User foryDecodeReused() {
        byte[] bytes = foryEncoded[nextIndex()];
        foryInput.pointTo(bytes, 0, bytes.length);
        foryInput.readerIndex(0);
        return fory.deserialize(foryInput, User.class);
    }
}
