package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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

/** Fory and Kryo give back every user they encoded, from any offset of a larger array. */
class ContenderCodecsTest {

    static Stream<UserCodec> codecs() {
        return Stream.of(new ForyUserCodec(), new KryoUserCodec());
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
    void shouldMeasureEveryCodecOverTheSample() {
        List<User> sample = new ArrayList<>();
        for (long id = 0; id < 500; id++) {
            sample.add(UserGenerator.user(id));
        }
        PhaseTiming timing = new PhaseTiming(Duration.ZERO, Duration.ofMillis(5), 4, 6);
        CodecRun run = new CodecRun(timing, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        for (UserCodec codec : codecs().toList()) {
            CodecMetrics metrics = run.measure(codec, sample);
            assertEquals(codec.name(), metrics.codec());
            assertTrue(metrics.encodesPerSecond() > 0 && metrics.decodesPerSecond() > 0);
            assertTrue(metrics.encodedBytes() > 8, codec.name() + " " + metrics.encodedBytes());
            PhaseRoundsAssert.recorded(metrics.encodes(), timing, metrics.encodesPerSecond());
            PhaseRoundsAssert.recorded(metrics.decodes(), timing, metrics.decodesPerSecond());
        }
    }
}
