package org.allocpool.messaging.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CodecRoundTripTest {

    private static final int USERS = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {"flyweight", "fory", "kryo", "jdk"})
    void shouldReadBackEveryGeneratedUserAndItsDigest(String name) {
        MessageCodec codec = Codecs.byName(name);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        for (int id = 0; id < USERS; id++) {
            UserMessage user = MessageGenerator.user(id);
            int length = codec.prepare(user);
            codec.write(user, buffer, 16);
            assertEquals(user, codec.read(buffer, 16, length), name + " user " + id);
            assertEquals(user.digest(), codec.decode(buffer, 16, length), name + " digest of user " + id);
        }
    }

    @Test
    void shouldCoverAbsentAndPresentFieldsAndNonAsciiCities() {
        boolean noEmail = false;
        boolean noCity = false;
        boolean noFriends = false;
        boolean nonAscii = false;
        for (int id = 0; id < USERS; id++) {
            UserMessage user = MessageGenerator.user(id);
            noEmail |= user.email() == null;
            noCity |= user.city() == null;
            noFriends |= user.friends().length == 0;
            nonAscii |= user.city() != null && user.city().chars().anyMatch(c -> c > 0x7F);
        }
        assertTrue(noEmail && noCity && noFriends && nonAscii, "the generated users exercise every branch of the layout");
    }

    @Test
    void shouldEncodeAndDecodeTheFlyweightWithoutAllocating() {
        FlyweightCodec codec = new FlyweightCodec();
        UserMessage[] users = MessageGenerator.users(1024);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        long sink = cycle(codec, users, buffer, 200_000);
        long before = AllocationCounter.currentThreadAllocatedBytes();
        sink += cycle(codec, users, buffer, 200_000);
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(sink != 0);
        // the counter's own call may cost a few bytes; 200,000 messages at even one byte each would be 200,000
        assertTrue(allocated < 1_000, "the flyweight allocated " + allocated + " bytes over 200,000 messages");
    }

    private static long cycle(FlyweightCodec codec, UserMessage[] users, UnsafeBuffer buffer, int messages) {
        long sum = 0;
        for (int i = 0; i < messages; i++) {
            UserMessage user = users[i & 1023];
            int length = codec.prepare(user);
            codec.write(user, buffer, 8);
            sum += codec.decode(buffer, 8, length);
        }
        return sum;
    }
}
