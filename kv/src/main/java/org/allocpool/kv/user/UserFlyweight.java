package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Reads a {@link User} encoded in the {@link UserLayout} format where it lies (in a store's mapped
 * file, a network buffer, an array), field by field, without copying it: {@code wrap} once, then
 * read. The numeric accessors allocate nothing; the string accessors and {@link #toUser()} allocate
 * what they return.
 *
 * <p>Mutable and not thread-safe: one flyweight per thread, re-wrapped for each record. It does
 * not own the memory it reads: it is valid as long as the wrapped bytes are (for a store value,
 * see {@code ValueView}).
 */
public final class UserFlyweight {

    private MemorySegment segment = MemorySegment.NULL;
    private long offset;
    private int length;
    private int friendCount;
    private long stringsOffset;

    /**
     * Points the flyweight at the user encoded in {@code length} bytes of {@code s} from
     * {@code offset}, after checking the lengths it declares fit.
     *
     * @throws IllegalArgumentException when the bytes are too short for what they declare
     */
    // hot path: no allocation
    public UserFlyweight wrap(MemorySegment s, long offset, int length) {
        if (length < UserLayout.FIXED_BYTES) {
            throw malformed(length);
        }
        int friends = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, offset + UserLayout.FRIEND_COUNT_OFFSET));
        long strings = UserLayout.FIXED_BYTES + (long) friends * Long.BYTES;
        long expected = strings + lengthOf(s, offset, UserLayout.NAME_LENGTH_OFFSET)
                + lengthOf(s, offset, UserLayout.EMAIL_LENGTH_OFFSET)
                + lengthOf(s, offset, UserLayout.CITY_LENGTH_OFFSET);
        if (expected != length) {
            throw malformed(length);
        }
        this.segment = s;
        this.offset = offset;
        this.length = length;
        this.friendCount = friends;
        this.stringsOffset = offset + strings;
        return this;
    }

    // hot path: no allocation
    public long id() {
        return segment.get(UserLayout.LONG, offset + UserLayout.ID_OFFSET);
    }

    // hot path: no allocation
    public int friendCount() {
        return friendCount;
    }

    /** Friend {@code i}, from 0 to {@code friendCount() - 1}. */
    // hot path: no allocation
    public long friend(int i) {
        if (i < 0 || i >= friendCount) {
            throw new IndexOutOfBoundsException("friend " + i + " of " + friendCount);
        }
        return segment.get(UserLayout.LONG, offset + UserLayout.FRIENDS_OFFSET + (long) i * Long.BYTES);
    }

    /** Bytes of the encoded user. */
    public int encodedLength() {
        return length;
    }

    /** UTF-8 bytes of the name. */
    public int nameLength() {
        return rawLength(UserLayout.NAME_LENGTH_OFFSET);
    }

    public boolean hasEmail() {
        return rawLength(UserLayout.EMAIL_LENGTH_OFFSET) != UserLayout.NULL_LENGTH;
    }

    public boolean hasCity() {
        return rawLength(UserLayout.CITY_LENGTH_OFFSET) != UserLayout.NULL_LENGTH;
    }

    /** The name (allocates). */
    public String name() {
        return string(stringsOffset, nameLength());
    }

    /** The e-mail or null (allocates). */
    public String email() {
        return hasEmail() ? string(stringsOffset + nameLength(), rawLength(UserLayout.EMAIL_LENGTH_OFFSET)) : null;
    }

    /** The city or null (allocates). */
    public String city() {
        if (!hasCity()) {
            return null;
        }
        int emailBytes = hasEmail() ? rawLength(UserLayout.EMAIL_LENGTH_OFFSET) : 0;
        return string(stringsOffset + nameLength() + emailBytes, rawLength(UserLayout.CITY_LENGTH_OFFSET));
    }

    /** The whole user as a new object. */
    public User toUser() {
        long[] friends = new long[friendCount];
        for (int i = 0; i < friendCount; i++) {
            friends[i] = friend(i);
        }
        return new User(id(), name(), email(), city(), friends);
    }

    private int rawLength(int field) {
        return Byte.toUnsignedInt(segment.get(ValueLayout.JAVA_BYTE, offset + field));
    }

    private static int lengthOf(MemorySegment s, long offset, int field) {
        int n = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, offset + field));
        return n == UserLayout.NULL_LENGTH ? 0 : n;
    }

    private String string(long at, int bytes) {
        return new String(segment.asSlice(at, bytes).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    private static IllegalArgumentException malformed(int length) {
        return new IllegalArgumentException("not a user in the flyweight layout: " + length
                + " bytes do not match the lengths they declare");
    }
}
