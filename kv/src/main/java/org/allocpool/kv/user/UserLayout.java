package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

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
 * of UTF-8 per string. Stateless; thread-safe.
 */
public final class UserLayout {

    public static final ByteOrder BYTE_ORDER = ByteOrder.LITTLE_ENDIAN;
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(BYTE_ORDER);

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
    /** A string length byte meaning "null". */
    static final int NULL_LENGTH = 255;

    private UserLayout() {
    }

    /** The user in this format, as a new array. */
    public static byte[] encode(User user) {
        Strings strings = strings(user);
        byte[] out = new byte[strings.encodedLength(user)];
        write(user, strings, MemorySegment.ofArray(out), 0);
        return out;
    }

    /**
     * Writes the user into {@code dst} from {@code offset}.
     *
     * @return the bytes written
     * @throws IndexOutOfBoundsException when {@code dst} has not room enough
     */
    public static int write(User user, MemorySegment dst, long offset) {
        return write(user, strings(user), dst, offset);
    }

    /** Bytes the user takes in this format. */
    public static int encodedLength(User user) {
        return strings(user).encodedLength(user);
    }

    private static int write(User user, Strings strings, MemorySegment dst, long offset) {
        long[] friends = user.friends();
        int length = strings.encodedLength(user);
        MemorySegment out = dst.asSlice(offset, length);
        out.set(LONG, ID_OFFSET, user.id());
        out.set(ValueLayout.JAVA_BYTE, FRIEND_COUNT_OFFSET, (byte) friends.length);
        out.set(ValueLayout.JAVA_BYTE, NAME_LENGTH_OFFSET, (byte) strings.name.length);
        out.set(ValueLayout.JAVA_BYTE, EMAIL_LENGTH_OFFSET, (byte) lengthByte(strings.email));
        out.set(ValueLayout.JAVA_BYTE, CITY_LENGTH_OFFSET, (byte) lengthByte(strings.city));
        long at = FRIENDS_OFFSET;
        for (long friend : friends) {
            out.set(LONG, at, friend);
            at += Long.BYTES;
        }
        at = copy(strings.name, out, at);
        at = copy(strings.email, out, at);
        copy(strings.city, out, at);
        return length;
    }

    private static long copy(byte[] bytes, MemorySegment out, long at) {
        if (bytes == null) {
            return at;
        }
        MemorySegment.copy(bytes, 0, out, ValueLayout.JAVA_BYTE, at, bytes.length);
        return at + bytes.length;
    }

    private static int lengthByte(byte[] bytes) {
        return bytes == null ? NULL_LENGTH : bytes.length;
    }

    private static Strings strings(User user) {
        if (user.friends().length > MAX_FRIENDS) {
            throw new IllegalArgumentException("user " + user.id() + " has " + user.friends().length
                    + " friends; the flyweight layout holds at most " + MAX_FRIENDS);
        }
        return new Strings(utf8(user, "name", user.name()), utf8(user, "email", user.email()),
                utf8(user, "city", user.city()));
    }

    private static byte[] utf8(User user, String field, String value) {
        if (value == null) {
            return null;
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_STRING_BYTES) {
            throw new IllegalArgumentException("user " + user.id() + " has a " + field + " of " + bytes.length
                    + " UTF-8 bytes; the flyweight layout holds at most " + MAX_STRING_BYTES);
        }
        return bytes;
    }

    private record Strings(byte[] name, byte[] email, byte[] city) {
        int encodedLength(User user) {
            return FIXED_BYTES + user.friends().length * Long.BYTES + name.length
                    + (email == null ? 0 : email.length) + (city == null ? 0 : city.length);
        }
    }
}
