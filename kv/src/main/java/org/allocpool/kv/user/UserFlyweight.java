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
    private int nameLength;
    /** As encoded: {@link UserLayout#NULL_LENGTH} for null. */
    private int emailLength;
    private int cityLength;
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
            throw UserLayout.malformed(length);
        }
        // the four count bytes in one read: one bounds check instead of four
        int counts = s.get(UserLayout.COUNTS, offset + UserLayout.FRIEND_COUNT_OFFSET);
        int friends = counts & 0xFF;
        int name = counts >>> 8 & 0xFF;
        int email = counts >>> 16 & 0xFF;
        int city = counts >>> 24;
        long strings = UserLayout.FIXED_BYTES + (long) friends * Long.BYTES;
        if (strings + UserLayout.stringLength(name) + UserLayout.stringLength(email)
                + UserLayout.stringLength(city) != length) {
            throw UserLayout.malformed(length);
        }
        this.segment = s;
        this.offset = offset;
        this.length = length;
        this.friendCount = friends;
        this.nameLength = name;
        this.emailLength = email;
        this.cityLength = city;
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
    // hot path: no allocation
    public int nameLength() {
        return nameLength;
    }

    // hot path: no allocation
    public boolean hasEmail() {
        return emailLength != UserLayout.NULL_LENGTH;
    }

    // hot path: no allocation
    public boolean hasCity() {
        return cityLength != UserLayout.NULL_LENGTH;
    }

    /** The name (allocates). */
    public String name() {
        return string(stringsOffset, nameLength);
    }

    /** The e-mail or null (allocates). */
    public String email() {
        return hasEmail() ? string(stringsOffset + nameLength, emailLength) : null;
    }

    /** The city or null (allocates). */
    public String city() {
        return hasCity() ? string(stringsOffset + nameLength + UserLayout.stringLength(emailLength), cityLength) : null;
    }

    /** The whole user as a new object. */
    public User toUser() {
        long[] friends = new long[friendCount];
        MemorySegment.copy(segment, UserLayout.LONG, offset + UserLayout.FRIENDS_OFFSET, friends, 0, friendCount);
        return new User(id(), name(), email(), city(), friends);
    }

    private String string(long at, int bytes) {
        // one copy out of the segment, then the String's own; no slice, no toArray
        byte[] utf8 = new byte[bytes];
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, at, utf8, 0, bytes);
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
