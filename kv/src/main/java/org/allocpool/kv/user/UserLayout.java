package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The allocpool binary format of a {@link User}: a 12-byte fixed part, the friend ids, then the
 * strings in UTF-8. Little-endian; no alignment is assumed (a value may start anywhere).
 *
 * <pre>
 *  0                   8       9       10      11      12
 *  +-------------------+-------+-------+-------+-------+---------------------------+
 *  | id                |friends| name  | email | city  | friend ids                |
 *  |      int64        | uint8 | uint8 | uint8 | uint8 | friends x int64           |
 *  +-------------------+-------+-------+-------+-------+---------------------------+
 *  | name (UTF-8, name bytes) | email (UTF-8) | city (UTF-8) |
 *  +--------------------------+---------------+--------------+
 *  name/email/city: byte lengths; 255 = null (email and city only)
 * </pre>
 *
 * A user with 4 friends and short strings takes about 60 bytes. Limits: 255 friends, 254 bytes
 * of UTF-8 per string. Writing goes straight from the {@code User}'s fields to the bytes (strings
 * too, {@link Utf8}): nothing is allocated but the array {@link #encode} returns, and
 * {@link #write} into a caller's segment allocates nothing. Stateless; thread-safe.
 */
public final class UserLayout {

    public static final ByteOrder BYTE_ORDER = ByteOrder.LITTLE_ENDIAN;
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(BYTE_ORDER);
    /** The four count bytes (friends, name, email, city) as one little-endian int: byte 8 is its lowest. */
    static final ValueLayout.OfInt COUNTS = ValueLayout.JAVA_INT_UNALIGNED.withOrder(BYTE_ORDER);
    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, BYTE_ORDER);
    private static final VarHandle ARRAY_INT = MethodHandles.byteArrayViewVarHandle(int[].class, BYTE_ORDER);

    public static final int ID_OFFSET = 0;
    public static final int FRIEND_COUNT_OFFSET = 8;
    public static final int NAME_LENGTH_OFFSET = 9;
    public static final int EMAIL_LENGTH_OFFSET = 10;
    public static final int CITY_LENGTH_OFFSET = 11;
    public static final int FRIENDS_OFFSET = 12;
    /** Bytes before the friend ids. */
    public static final int FIXED_BYTES = FRIENDS_OFFSET;

    public static final int MAX_FRIENDS = 255;
    public static final int MAX_STRING_BYTES = 254;
    /** The most bytes a user takes: 255 friends and three strings of 254 bytes. */
    public static final int MAX_BYTES = FIXED_BYTES + MAX_FRIENDS * Long.BYTES + 3 * MAX_STRING_BYTES;
    /** A string length byte meaning "null". */
    static final int NULL_LENGTH = 255;

    private UserLayout() {
    }

    /** The user in this format, as a new array. */
    // hot path: allocates the array it returns, nothing else
    public static byte[] encode(User user) {
        long[] friends = friendsOf(user);
        int nameCode = lengthCode(user, "name", user.name());
        int emailCode = lengthCode(user, "email", user.email());
        int cityCode = lengthCode(user, "city", user.city());
        byte[] out = new byte[length(friends, nameCode, emailCode, cityCode)];
        writeFields(user, friends, nameCode, emailCode, cityCode, out, 0);
        return out;
    }

    /**
     * Writes the user into {@code dst} from {@code offset}; writes nothing when it does not fit.
     * The fastest way to write a user: plain array stores, each ASCII string copied by the JDK from
     * the string's own bytes. To write into a segment as fast, use a {@link UserWriter}.
     *
     * @return the bytes written
     * @throws IndexOutOfBoundsException when {@code dst} has not room enough
     */
    // hot path: no allocation
    public static int write(User user, byte[] dst, int offset) {
        long[] friends = friendsOf(user);
        int nameCode = lengthCode(user, "name", user.name());
        int emailCode = lengthCode(user, "email", user.email());
        int cityCode = lengthCode(user, "city", user.city());
        int length = length(friends, nameCode, emailCode, cityCode);
        Objects.checkFromIndexSize(offset, length, dst.length);
        writeFields(user, friends, nameCode, emailCode, cityCode, dst, offset);
        return length;
    }

    /** Writes the fields from {@code at}, the strings' {@link Utf8#lengthCode}s given; room checked by the caller. */
    private static void writeFields(User user, long[] friends, int nameCode, int emailCode, int cityCode,
                                    byte[] out, int at) {
        String email = user.email();
        String city = user.city();
        ARRAY_LONG.set(out, at + ID_OFFSET, user.id());
        ARRAY_INT.set(out, at + FRIEND_COUNT_OFFSET, counts(friends.length, Utf8.bytes(nameCode), email,
                Utf8.bytes(emailCode), city, Utf8.bytes(cityCode)));
        int p = at + FRIENDS_OFFSET;
        for (long friend : friends) {
            ARRAY_LONG.set(out, p, friend);
            p += Long.BYTES;
        }
        p = Utf8.write(user.name(), nameCode, out, p);
        if (email != null) {
            p = Utf8.write(email, emailCode, out, p);
        }
        if (city != null) {
            Utf8.write(city, cityCode, out, p);
        }
    }

    private static int length(long[] friends, int nameCode, int emailCode, int cityCode) {
        return FIXED_BYTES + friends.length * Long.BYTES + Utf8.bytes(nameCode) + Utf8.bytes(emailCode)
                + Utf8.bytes(cityCode);
    }

    /**
     * Writes the user into {@code dst} from {@code offset}; writes nothing when it does not fit. Each
     * write to a segment is checked (bounds, liveness): a {@link UserWriter}, which writes into an
     * array of its own and copies it at once, is about twice as fast; this one needs no state.
     *
     * @return the bytes written
     * @throws IndexOutOfBoundsException when {@code dst} has not room enough
     */
    // hot path: no allocation
    public static int write(User user, MemorySegment dst, long offset) {
        long[] friends = friendsOf(user);
        String name = user.name();
        String email = user.email();
        String city = user.city();
        int nameCode = lengthCode(user, "name", name);
        int emailCode = lengthCode(user, "email", email);
        int cityCode = lengthCode(user, "city", city);
        int nameBytes = Utf8.bytes(nameCode);
        int emailBytes = Utf8.bytes(emailCode);
        int cityBytes = Utf8.bytes(cityCode);
        int length = FIXED_BYTES + friends.length * Long.BYTES + nameBytes + emailBytes + cityBytes;
        Objects.checkFromIndexSize(offset, length, dst.byteSize());
        dst.set(LONG, offset + ID_OFFSET, user.id());
        dst.set(COUNTS, offset + FRIEND_COUNT_OFFSET, counts(friends.length, nameBytes, email, emailBytes, city, cityBytes));
        MemorySegment.copy(friends, 0, dst, LONG, offset + FRIENDS_OFFSET, friends.length);
        long at = Utf8.write(name, nameCode, dst, offset + FRIENDS_OFFSET + (long) friends.length * Long.BYTES);
        if (email != null) {
            at = Utf8.write(email, emailCode, dst, at);
        }
        if (city != null) {
            Utf8.write(city, cityCode, dst, at);
        }
        return length;
    }

    /** Bytes the user takes in this format. */
    // hot path: no allocation
    public static int encodedLength(User user) {
        return FIXED_BYTES + friendsOf(user).length * Long.BYTES + Utf8.bytes(lengthCode(user, "name", user.name()))
                + Utf8.bytes(lengthCode(user, "email", user.email())) + Utf8.bytes(lengthCode(user, "city", user.city()));
    }

    /**
     * The whole user encoded in {@code length} bytes of {@code bytes} from {@code offset}, as a new
     * object: one pass over the array, each string decoded from it directly. To read a few fields,
     * wrap a {@link UserFlyweight} instead.
     *
     * @throws IllegalArgumentException  when the bytes are not a user in this format
     * @throws IndexOutOfBoundsException when {@code offset} and {@code length} do not fit {@code bytes}
     */
    // hot path: allocates the user it returns (its strings and friends), nothing else
    public static User read(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length < FIXED_BYTES) {
            throw malformed(length);
        }
        int counts = (int) ARRAY_INT.get(bytes, offset + FRIEND_COUNT_OFFSET);
        int friendCount = counts & 0xFF;
        int nameBytes = counts >>> 8 & 0xFF;
        int emailBytes = counts >>> 16 & 0xFF;
        int cityBytes = counts >>> 24;
        int strings = FIXED_BYTES + friendCount * Long.BYTES;
        if (strings + stringLength(nameBytes) + stringLength(emailBytes) + stringLength(cityBytes) != length) {
            throw malformed(length);
        }
        long[] friends = new long[friendCount];
        for (int i = 0; i < friendCount; i++) {
            friends[i] = (long) ARRAY_LONG.get(bytes, offset + FRIENDS_OFFSET + i * Long.BYTES);
        }
        int at = offset + strings;
        String name = new String(bytes, at, stringLength(nameBytes), StandardCharsets.UTF_8);
        at += stringLength(nameBytes);
        String email = emailBytes == NULL_LENGTH ? null : new String(bytes, at, emailBytes, StandardCharsets.UTF_8);
        at += stringLength(emailBytes);
        String city = cityBytes == NULL_LENGTH ? null : new String(bytes, at, cityBytes, StandardCharsets.UTF_8);
        return new User((long) ARRAY_LONG.get(bytes, offset + ID_OFFSET), name, email, city, friends);
    }

    /** Bytes a string takes for its length byte: 0 for null. */
    static int stringLength(int lengthByte) {
        return lengthByte == NULL_LENGTH ? 0 : lengthByte;
    }

    static IllegalArgumentException malformed(int length) {
        return new IllegalArgumentException("not a user in the flyweight layout: " + length
                + " bytes do not match the lengths they declare");
    }

    private static int counts(int friends, int nameBytes, String email, int emailBytes, String city, int cityBytes) {
        int emailByte = email == null ? NULL_LENGTH : emailBytes;
        int cityByte = city == null ? NULL_LENGTH : cityBytes;
        return friends | nameBytes << 8 | emailByte << 16 | cityByte << 24;
    }

    private static long[] friendsOf(User user) {
        long[] friends = user.friends();
        if (friends.length > MAX_FRIENDS) {
            throw new IllegalArgumentException("user " + user.id() + " has " + friends.length
                    + " friends; the flyweight layout holds at most " + MAX_FRIENDS);
        }
        return friends;
    }

    /** The {@link Utf8#lengthCode} of {@code value}, 0 for null, its bytes checked against the limit. */
    private static int lengthCode(User user, String field, String value) {
        if (value == null) {
            return 0;
        }
        int code = Utf8.lengthCode(value);
        int bytes = Utf8.bytes(code);
        if (bytes > MAX_STRING_BYTES) {
            throw new IllegalArgumentException("user " + user.id() + " has a " + field + " of " + bytes
                    + " UTF-8 bytes; the flyweight layout holds at most " + MAX_STRING_BYTES);
        }
        return code;
    }
}
