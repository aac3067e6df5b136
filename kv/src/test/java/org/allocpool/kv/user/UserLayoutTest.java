package org.allocpool.kv.user;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The layout's bytes are those of its picture, strings as {@code String.getBytes(UTF_8)} gives them,
 * whichever way they are written (a new array, a caller's segment) and however they are read (a
 * whole user from an array, a flyweight in place).
 */
class UserLayoutTest {

    /** Strings that take every path of the UTF-8 writer: ASCII, 2, 3 and 4 bytes, a lone surrogate. */
    static final List<String> STRINGS = List.of("", "Ada", "Zürich", "Kraków", "Malmö", "日本語", "€uro",
            "emoji 😀 ok", "a\uD800b", "\uDC00", "end\uD83D", "ascii then é", "é".repeat(127), "x".repeat(254));

    /** The layout as its picture draws it, with the JDK's own UTF-8: what the writers must match byte for byte. */
    static byte[] reference(User user) {
        byte[] name = user.name().getBytes(StandardCharsets.UTF_8);
        byte[] email = user.email() == null ? null : user.email().getBytes(StandardCharsets.UTF_8);
        byte[] city = user.city() == null ? null : user.city().getBytes(StandardCharsets.UTF_8);
        ByteBuffer fixed = ByteBuffer.allocate(UserLayout.FIXED_BYTES + user.friends().length * Long.BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        fixed.putLong(user.id()).put((byte) user.friends().length).put((byte) name.length)
                .put((byte) (email == null ? 255 : email.length)).put((byte) (city == null ? 255 : city.length));
        for (long friend : user.friends()) {
            fixed.putLong(friend);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(fixed.array());
        out.writeBytes(name);
        out.writeBytes(email == null ? new byte[0] : email);
        out.writeBytes(city == null ? new byte[0] : city);
        return out.toByteArray();
    }

    static List<User> usersOfEveryString() {
        SplittableRandom random = new SplittableRandom(14);
        return STRINGS.stream().flatMap(s -> List.of(
                new User(random.nextLong(), s, null, null, new long[0]),
                new User(random.nextLong(), "n", s, s.isEmpty() ? null : "Oslo", new long[] {random.nextLong()}),
                new User(random.nextLong(), s, "e", s, new long[] {1, 2, 3})).stream()).toList();
    }

    @Test
    void shouldWriteTheBytesOfThePictureWithTheJdksUtf8() {
        for (User user : usersOfEveryString()) {
            assertArrayEquals(reference(user), UserLayout.encode(user), user.toString());
        }
        for (long id = -50; id < 5_000; id++) {
            User user = UserGenerator.user(id);
            assertArrayEquals(reference(user), UserLayout.encode(user), "user " + id);
        }
    }

    @Test
    void shouldWriteTheSameBytesIntoASegmentAtAnOffset() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(4096);
            for (User user : usersOfEveryString()) {
                segment.fill((byte) 0x5A);
                byte[] expected = reference(user);
                int written = UserLayout.write(user, segment, 7);
                assertEquals(expected.length, written);
                assertEquals(expected.length, UserLayout.encodedLength(user));
                assertArrayEquals(expected, segment.asSlice(7, written).toArray(ValueLayout.JAVA_BYTE), user.toString());
                assertEquals(0x5A, segment.get(ValueLayout.JAVA_BYTE, 6), "nothing before the offset");
                assertEquals(0x5A, segment.get(ValueLayout.JAVA_BYTE, 7 + written), "nothing after the user");
            }
        }
    }

    @Test
    void shouldWriteTheSameBytesIntoAnArrayAndThroughAWriter() {
        UserWriter writer = new UserWriter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(4096);
            byte[] array = new byte[4096];
            for (User user : usersOfEveryString()) {
                byte[] expected = reference(user);
                Arrays.fill(array, (byte) 0x5A);
                assertEquals(expected.length, UserLayout.write(user, array, 5));
                assertArrayEquals(expected, Arrays.copyOfRange(array, 5, 5 + expected.length), user.toString());
                assertEquals(0x5A, array[4], "nothing before the offset");
                assertEquals(0x5A, array[5 + expected.length], "nothing after the user");
                segment.fill((byte) 0x5A);
                assertEquals(expected.length, writer.write(user, segment, 9));
                assertArrayEquals(expected, segment.asSlice(9, expected.length).toArray(ValueLayout.JAVA_BYTE), user.toString());
                assertEquals(0x5A, segment.get(ValueLayout.JAVA_BYTE, 8), "nothing before the offset");
                assertEquals(0x5A, segment.get(ValueLayout.JAVA_BYTE, 9 + expected.length), "nothing after the user");
            }
        }
    }

    @Test
    void shouldRoundTripNonAsciiAndLoneSurrogatesAsTheJdkDecodesThem() {
        for (User user : usersOfEveryString()) {
            byte[] bytes = UserLayout.encode(user);
            User back = UserLayout.read(bytes, 0, bytes.length);
            // a lone surrogate has no UTF-8 form: like String.getBytes, the writer puts '?' in its place
            assertEquals(jdkRoundTrip(user), back, user.toString());
            UserFlyweight flyweight = new UserFlyweight().wrap(MemorySegment.ofArray(bytes), 0, bytes.length);
            assertEquals(back, flyweight.toUser());
            assertEquals(back.name().getBytes(StandardCharsets.UTF_8).length, flyweight.nameLength());
        }
    }

    private static User jdkRoundTrip(User user) {
        return new User(user.id(), utf8RoundTrip(user.name()), utf8RoundTrip(user.email()), utf8RoundTrip(user.city()),
                user.friends());
    }

    private static String utf8RoundTrip(String s) {
        return s == null ? null : new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    @Test
    void shouldReadNullStringsAsNullAndEmptyOnesAsEmpty() {
        User user = new User(9, "", "", null, new long[0]);
        byte[] bytes = UserLayout.encode(user);
        assertEquals(UserLayout.FIXED_BYTES, bytes.length);
        assertEquals(user, UserLayout.read(bytes, 0, bytes.length));
        UserFlyweight flyweight = new UserFlyweight().wrap(MemorySegment.ofArray(bytes), 0, bytes.length);
        assertTrue(flyweight.hasEmail());
        assertEquals("", flyweight.email());
        assertFalse(flyweight.hasCity());
        assertNull(flyweight.city());
    }

    @Test
    void shouldHoldTheLimitsAndRefuseOneByteMore() {
        User atLimits = new User(1, "é".repeat(127), "x".repeat(254), "y".repeat(254), new long[255]);
        byte[] bytes = UserLayout.encode(atLimits);
        assertEquals(atLimits, UserLayout.read(bytes, 0, bytes.length));
        assertThrows(IllegalArgumentException.class,
                () -> UserLayout.encode(new User(1, "é".repeat(127) + "x", null, null, new long[0])));
        assertThrows(IllegalArgumentException.class,
                () -> UserLayout.encode(new User(1, "a", null, "😀".repeat(63) + "abc", new long[0])));
        assertThrows(IllegalArgumentException.class,
                () -> UserLayout.encodedLength(new User(1, "a", "x".repeat(255), null, new long[0])));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(4096);
            assertThrows(IllegalArgumentException.class,
                    () -> UserLayout.write(new User(1, "a", null, null, new long[256]), segment, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> new UserWriter().write(new User(1, "a", null, "x".repeat(255), new long[0]), segment, 0));
        }
    }

    @Test
    void shouldWriteNothingWhenTheSegmentHasNotRoomEnough() {
        User ascii = new User(12, "Ada", "ada@ex.org", "Oslo", new long[] {1, 2});
        // room for a byte per char, not for the ü's two: refused as well
        User notAscii = new User(13, "Ada", null, "Zürich", new long[] {1});
        try (Arena arena = Arena.ofConfined()) {
            for (User user : List.of(ascii, notAscii)) {
                int length = UserLayout.encodedLength(user);
                MemorySegment segment = arena.allocate(length + 3);
                assertThrows(IndexOutOfBoundsException.class, () -> UserLayout.write(user, segment, 4));
                assertThrows(IndexOutOfBoundsException.class, () -> new UserWriter().write(user, segment, 4));
                assertTrue(allZero(segment), "nothing written");
                assertEquals(length, UserLayout.write(user, segment, 3));
                byte[] array = new byte[length + 3];
                assertThrows(IndexOutOfBoundsException.class, () -> UserLayout.write(user, array, 4));
                assertTrue(allZero(MemorySegment.ofArray(array)), "nothing written");
                assertEquals(length, UserLayout.write(user, array, 3));
            }
        }
    }

    private static boolean allZero(MemorySegment segment) {
        for (long i = 0; i < segment.byteSize(); i++) {
            if (segment.get(ValueLayout.JAVA_BYTE, i) != 0) {
                return false;
            }
        }
        return true;
    }

    @Test
    void shouldRefuseToReadBytesWhoseLengthsDoNotAddUp() {
        byte[] bytes = UserLayout.encode(UserGenerator.user(5));
        assertThrows(IllegalArgumentException.class, () -> UserLayout.read(bytes, 0, bytes.length - 1));
        assertThrows(IllegalArgumentException.class, () -> UserLayout.read(bytes, 0, UserLayout.FIXED_BYTES - 1));
        byte[] padded = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, padded, 0, bytes.length);
        assertThrows(IllegalArgumentException.class, () -> UserLayout.read(padded, 0, padded.length));
        assertThrows(IndexOutOfBoundsException.class, () -> UserLayout.read(bytes, 1, bytes.length));
    }
}
