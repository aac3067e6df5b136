package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fory and Kryo give back every user they encoded, from any offset of a larger array; every codec
 * the lab measures gives the same bytes and digest at its best as fresh, and the lab measures each
 * both ways with the bytes they allocate.
 */
class ContenderCodecsTest {

    static Stream<UserCodec> codecs() {
        return Stream.of(new ForyUserCodec(), new KryoUserCodec());
    }

    static Stream<LabCodec> labCodecs() {
        return Stream.of(new FlyweightLabCodec(), new ForyUserCodec(), new KryoUserCodec(), new JdkLabCodec());
    }

    private static List<User> sample(int users) {
        List<User> sample = new ArrayList<>();
        for (long id = 0; id < users; id++) {
            sample.add(UserGenerator.user(id));
        }
        return sample;
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldDecodeEveryGeneratedUserItEncoded(UserCodec codec) {
        for (long id = 0; id < 20_000; id++) {
            User user = UserGenerator.user(id * 7919);
            byte[] bytes = codec.encode(user);
            assertEquals(user, codec.decode(bytes, 0, bytes.length), codec.name() + " user " + id);
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldDecodeFromAnOffsetAndKeepEmptyAndMissingFields(UserCodec codec) {
        User bare = new User(Long.MIN_VALUE, "", null, null, new long[0]);
        User full = new User(42, "Zoë", "zoe@ex.org", "Malmö", new long[] {1, Long.MAX_VALUE, -3});
        for (User user : List.of(bare, full)) {
            byte[] encoded = codec.encode(user);
            byte[] framed = new byte[encoded.length + 11];
            System.arraycopy(encoded, 0, framed, 5, encoded.length);
            User back = codec.decode(framed, 5, encoded.length);
            assertEquals(user, back);
            assertArrayEquals(user.friends(), back.friends());
        }
    }

    @Test
    void shouldWriteTheFreshBytesAtItsBestAndReadTheirDigest() {
        // made here: the flyweight's segment is confined to the thread that makes it, and each test has its own
        for (LabCodec codec : labCodecs().toList()) {
            shouldWriteTheFreshBytesAtItsBestAndReadTheirDigest(codec);
        }
    }

    private static void shouldWriteTheFreshBytesAtItsBestAndReadTheirDigest(LabCodec codec) {
        try (codec; Arena arena = Arena.ofConfined()) {
            for (long id = 0; id < 2_000; id++) {
                User user = UserGenerator.user(id * 104_729);
                byte[] fresh = codec.encode(user);
                assertEquals(fresh.length, codec.encodeReused(user), codec.name() + " user " + id);
                byte[] framed = new byte[fresh.length + 9];
                System.arraycopy(fresh, 0, framed, 4, fresh.length);
                MemorySegment memory = arena.allocate(framed.length);
                MemorySegment.copy(framed, 0, memory, ValueLayout.JAVA_BYTE, 0, framed.length);
                assertEquals(LabCodec.digest(user), codec.decodeBest(memory, framed, 4, fresh.length),
                        codec.name() + " user " + id);
            }
        }
    }

    @Test
    void shouldMeasureEveryCodecBothWaysOverTheSample() {
        PhaseTiming timing = new PhaseTiming(Duration.ZERO, Duration.ofMillis(5), 4, 6);
        CodecRun run = new CodecRun(timing, quiet());
        for (LabCodec codec : labCodecs().toList()) {
            try (codec) {
                CodecMetrics metrics = run.measure(codec, sample(500));
                assertEquals(codec.name(), metrics.codec());
                assertTrue(metrics.encodesPerSecond() > 0 && metrics.decodesPerSecond() > 0);
                assertTrue(metrics.encodedBytes() > 8, codec.name() + " " + metrics.encodedBytes());
                PhaseRoundsAssert.recorded(metrics.encodes(), timing, metrics.encodesPerSecond());
                PhaseRoundsAssert.recorded(metrics.decodes(), timing, metrics.decodesPerSecond());
                CodecMetrics.BestWay best = metrics.best();
                assertEquals(codec.bestEncodeWay(), best.encodeWay());
                assertEquals(codec.bestDecodeWay(), best.decodeWay());
                PhaseRoundsAssert.recorded(best.encodes(), timing, best.encodesPerSecond());
                PhaseRoundsAssert.recorded(best.decodes(), timing, best.decodesPerSecond());
                // a fresh encode allocates at least its array: the counter counts the codec's work
                assertTrue(metrics.encodes().allocBytesPerOperation() >= metrics.encodedBytes(),
                        codec.name() + " " + metrics.encodes().allocBytesPerOperation() + " B per fresh encode");
                assertTrue(metrics.decodes().allocBytesPerOperation() > 0, codec.name());
            }
        }
    }

    @Test
    void shouldMeasureNoAllocationWhenTheFlyweightIsAtItsBest() {
        // a warm-up, so that what the first calls link and load is not in the rounds; rounds of 100 ms,
        // not 20: the rounds are timed, so on a loaded machine they run fewer operations, and the few
        // hundred bytes the JVM may allocate once on the thread (below) were spread over too few of
        // them (0.012 B/op measured with a load average of 7-10)
        PhaseTiming timing = new PhaseTiming(Duration.ofMillis(300), Duration.ofMillis(100), 4, 6);
        try (LabCodec flyweight = new FlyweightLabCodec()) {
            CodecMetrics metrics = new CodecRun(timing, quiet()).measure(flyweight, sample(2_000));
            // an allocation per operation is 16 bytes or more; under 0.01 B/op leaves room only for the
            // few hundred bytes the JVM may allocate once on the thread during a phase (a compilation event)
            double encode = metrics.best().encodes().allocBytesPerOperation();
            double decode = metrics.best().decodes().allocBytesPerOperation();
            assertTrue(encode < 0.01, encode + " B per encode into the reused segment");
            assertTrue(decode < 0.01, decode + " B per read in place");
            assertTrue(metrics.encodes().allocBytesPerOperation() > 0, "the fresh way allocates its array: measured");
        }
    }
}
