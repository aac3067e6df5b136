package org.allocpool.kv.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** One round-trip suite run against every codec of this module. */
class UserCodecTest {

    static Stream<UserCodec> codecs() {
        return Stream.of(new FlyweightUserCodec(), new JdkUserCodec());
    }

    static List<User> edgeUsers() {
        return List.of(
                new User(0, "", null, null, new long[0]),
                new User(-1, "Zoë", "zoe@ex.org", null, new long[] {Long.MIN_VALUE, Long.MAX_VALUE}),
                new User(Long.MAX_VALUE, "x".repeat(254), null, "Kraków", new long[255]));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRoundTripManyGeneratedUsers(UserCodec codec) {
        int count = codec instanceof JdkUserCodec ? 2_000 : 20_000;
        for (long id = -100; id < count; id++) {
            User user = UserGenerator.user(id);
            byte[] bytes = codec.encode(user);
            byte[] padded = new byte[bytes.length + 7];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            assertEquals(user, codec.decode(padded, 3, bytes.length), codec.name() + " user " + id);
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRoundTripNullFieldsAndNoFriends(UserCodec codec) {
        for (User user : edgeUsers()) {
            byte[] bytes = codec.encode(user);
            assertEquals(user, codec.decode(bytes, 0, bytes.length), codec.name());
        }
    }

    @Test
    void shouldGenerateNullEmailsNullCitiesAndEmptyFriendLists() {
        boolean nullEmail = false;
        boolean nullCity = false;
        boolean noFriends = false;
        long bytes = 0;
        for (long id = 0; id < 1_000; id++) {
            User user = UserGenerator.user(id);
            assertEquals(user, UserGenerator.user(id), "deterministic");
            nullEmail |= user.email() == null;
            nullCity |= user.city() == null;
            noFriends |= user.friends().length == 0;
            assertTrue(user.friends().length <= 8);
            bytes += UserLayout.encodedLength(user);
        }
        assertTrue(nullEmail && nullCity && noFriends);
        double mean = bytes / 1_000.0;
        assertTrue(mean > 45 && mean < 75, "mean encoded size " + mean);
    }

    @Test
    void shouldReadFieldsInPlace() {
        User user = new User(77, "Ada", null, "Zürich", new long[] {5, 6, 7});
        byte[] bytes = UserLayout.encode(user);
        UserFlyweight flyweight = new UserFlyweight().wrap(MemorySegment.ofArray(bytes), 0, bytes.length);
        assertEquals(77, flyweight.id());
        assertEquals(3, flyweight.friendCount());
        assertEquals(6, flyweight.friend(1));
        assertEquals("Ada", flyweight.name());
        assertNull(flyweight.email());
        assertEquals("Zürich", flyweight.city());
        assertThrows(IndexOutOfBoundsException.class, () -> flyweight.friend(3));
    }

    @Test
    void shouldRefuseBytesThatAreNotAUser() {
        byte[] bytes = UserLayout.encode(UserGenerator.user(3));
        assertThrows(IllegalArgumentException.class,
                () -> new FlyweightUserCodec().decode(bytes, 0, bytes.length - 1));
        assertThrows(IllegalArgumentException.class, () -> new JdkUserCodec().decode(bytes, 0, bytes.length));
        byte[] serialised = new JdkUserCodec().encode(UserGenerator.user(3));
        assertThrows(IllegalArgumentException.class,
                () -> new FlyweightUserCodec().decode(serialised, 0, serialised.length));
    }

    @Test
    void shouldRefuseTooManyFriends() {
        User user = new User(1, "a", null, null, new long[256]);
        assertThrows(IllegalArgumentException.class, () -> UserLayout.encode(user));
    }
}
