package org.allocpool.benchmarks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.kv.user.UserLayout;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the flyweight's encode at its best is made of, taken apart, beside Fory's, with users drawn
 * in a fixed random order from 16,384 (as the kv lab's codec phases draw from 10,000): the answer to
 * "can the flyweight encode 2x as fast as Fory?" (issue 37). {@code flyweight} is
 * {@link UserLayout#write(User, byte[], int)} into a reused array, {@code fory} Fory as the kv lab
 * configures it into a reused buffer. The rest are measuring devices, not codecs:
 * <ul>
 *   <li>{@code reachStrings}: the user's three strings' lengths, the pointer chase alone;</li>
 *   <li>{@code fixedPart}: the id, the count bytes and the friend ids written, no string;</li>
 *   <li>{@code floorWithoutCheck}: every byte of the layout written with the strings copied as
 *       if they were ASCII ({@code String.getBytes(int, int, byte[], int)}), no check: the least
 *       any writer of these bytes does, wrong for the non-ASCII cities (3 of the generator's 8);</li>
 *   <li>{@code asciiCheck}: the pass over the three strings' chars that UTF-8 needs to know they are
 *       ASCII, alone.</li>
 * </ul>
 * So {@code fory / floorWithoutCheck} bounds what any flyweight writer of this layout can reach
 * without reading {@code String}'s internals. Run with {@code -prof gc}: every way allocates nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class UserEncodeFloorBenchmark {

    private static final int USERS = 16_384;
    private static final int DRAWS = 1 << 16;
    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Fory fory = ForyAsTheLabConfiguresIt.forUsers();
    private final MemoryBuffer foryOutput = MemoryBuffer.newHeapBuffer(256);
    private final byte[] target = new byte[UserLayout.MAX_BYTES];
    private User[] users;
    private int[] draws;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        users = new User[USERS];
        for (int i = 0; i < USERS; i++) {
            users[i] = UserGenerator.user(i * 977L);
        }
        fory.serialize(users[0]); // Fory generates its serializer on the first call: not a figure of any iteration
        draws = new int[DRAWS];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < DRAWS; i++) {
            draws[i] = random.nextInt(USERS);
        }
    }

    private User nextUser() {
        int i = next;
        next = (i + 1) & (DRAWS - 1);
        return users[draws[i]];
    }

    @Benchmark
    public int flyweight() {
        return UserLayout.write(nextUser(), target, 0);
    }

    @Benchmark
    public int fory() {
        foryOutput.writerIndex(0);
        fory.serialize(foryOutput, nextUser());
        return foryOutput.writerIndex();
    }

    @Benchmark
    public int reachStrings() {
        User user = nextUser();
        String email = user.email();
        String city = user.city();
        return user.name().length() + (email == null ? 0 : email.length()) + (city == null ? 0 : city.length());
    }

    @Benchmark
    public int fixedPart() {
        User user = nextUser();
        return writeFixedPart(user, user.friends());
    }

    @Benchmark
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): each char's low byte, the copy without a check
    public int floorWithoutCheck() {
        User user = nextUser();
        int p = writeFixedPart(user, user.friends());
        String name = user.name();
        String email = user.email();
        String city = user.city();
        name.getBytes(0, name.length(), target, p);
        p += name.length();
        if (email != null) {
            email.getBytes(0, email.length(), target, p);
            p += email.length();
        }
        if (city != null) {
            city.getBytes(0, city.length(), target, p);
            p += city.length();
        }
        return p;
    }

    @Benchmark
    public int asciiCheck() {
        User user = nextUser();
        String email = user.email();
        String city = user.city();
        return anyChar(user.name()) | (email == null ? 0 : anyChar(email)) | (city == null ? 0 : anyChar(city));
    }

    /** Writes the id, the friend count and the friend ids; returns where the strings would start. */
    private int writeFixedPart(User user, long[] friends) {
        ARRAY_LONG.set(target, UserLayout.ID_OFFSET, user.id());
        target[UserLayout.FRIEND_COUNT_OFFSET] = (byte) friends.length;
        int p = UserLayout.FRIENDS_OFFSET;
        for (long friend : friends) {
            ARRAY_LONG.set(target, p, friend);
            p += Long.BYTES;
        }
        return p;
    }

    /** The OR of every char, as {@code Utf8.lengthCode} takes it. */
    private static int anyChar(String s) {
        int any = 0;
        for (int i = 0; i < s.length(); i++) {
            any |= s.charAt(i);
        }
        return any;
    }
}
