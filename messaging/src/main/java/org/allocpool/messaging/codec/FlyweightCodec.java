package org.allocpool.messaging.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The flyweight: a message's fields written straight into the transport's buffer ({@link UserLayout}),
 * and read back where they lie in the received buffer, field by field, without building an object: the
 * "structs" of the article. The strings go through an array of its own first (the JDK copies an ASCII
 * string's bytes into an array, never into a buffer), then into the buffer in one copy. Encoding and
 * decoding allocate nothing. Not thread-safe: one per thread; it owns its array.
 */
public final class FlyweightCodec implements MessageCodec {

    private final byte[] strings = new byte[3 * UserLayout.MAX_STRING];
    private int nameCode;
    private int emailCode;
    private int cityCode;
    private int nameBytes;
    private int emailBytes;
    private int cityBytes;

    @Override
    public String name() {
        return "flyweight";
    }

    @Override
    public String way() {
        return "fields written into the claimed term buffer, read there in place";
    }

    // hot path: no allocation
    @Override
    public int prepare(UserMessage message) {
        nameCode = Utf8.lengthCode(message.name());
        emailCode = message.email() == null ? 0 : Utf8.lengthCode(message.email());
        cityCode = message.city() == null ? 0 : Utf8.lengthCode(message.city());
        nameBytes = Utf8.bytes(nameCode);
        emailBytes = Utf8.bytes(emailCode);
        cityBytes = Utf8.bytes(cityCode);
        if (nameBytes > UserLayout.MAX_STRING || emailBytes > UserLayout.MAX_STRING || cityBytes > UserLayout.MAX_STRING) {
            throw new IllegalArgumentException("a string of user " + message.id() + " is longer than "
                    + UserLayout.MAX_STRING + " bytes");
        }
        return UserLayout.FRIENDS + 8 * message.friends().length + nameBytes + emailBytes + cityBytes;
    }

    // hot path: no allocation
    @Override
    public void write(UserMessage message, MutableDirectBuffer buffer, int offset) {
        long[] friends = message.friends();
        buffer.putLong(offset + UserLayout.ID, message.id(), UserLayout.ORDER);
        buffer.putShort(offset + UserLayout.FRIEND_COUNT, (short) friends.length, UserLayout.ORDER);
        buffer.putByte(offset + UserLayout.NAME_LENGTH, (byte) nameBytes);
        buffer.putByte(offset + UserLayout.EMAIL_LENGTH, (byte) (message.email() == null ? UserLayout.ABSENT : emailBytes));
        buffer.putByte(offset + UserLayout.CITY_LENGTH, (byte) (message.city() == null ? UserLayout.ABSENT : cityBytes));
        int at = offset + UserLayout.FRIENDS;
        for (long friend : friends) {
            buffer.putLong(at, friend, UserLayout.ORDER);
            at += 8;
        }
        int end = Utf8.write(message.name(), nameCode, strings, 0);
        if (message.email() != null) {
            end = Utf8.write(message.email(), emailCode, strings, end);
        }
        if (message.city() != null) {
            end = Utf8.write(message.city(), cityCode, strings, end);
        }
        buffer.putBytes(at, strings, 0, end);
    }

    // hot path: no allocation
    @Override
    public long decode(DirectBuffer buffer, int offset, int length) {
        int friends = buffer.getShort(offset + UserLayout.FRIEND_COUNT, UserLayout.ORDER);
        long lastFriend = friends == 0 ? 0 : buffer.getLong(offset + UserLayout.FRIENDS + 8 * (friends - 1), UserLayout.ORDER);
        return UserMessage.digest(buffer.getLong(offset + UserLayout.ID, UserLayout.ORDER), friends,
                (buffer.getByte(offset + UserLayout.EMAIL_LENGTH) & 0xFF) != UserLayout.ABSENT,
                (buffer.getByte(offset + UserLayout.CITY_LENGTH) & 0xFF) != UserLayout.ABSENT, lastFriend);
    }

    @Override
    public UserMessage read(DirectBuffer buffer, int offset, int length) {
        int count = buffer.getShort(offset + UserLayout.FRIEND_COUNT, UserLayout.ORDER);
        long[] friends = new long[count];
        int at = offset + UserLayout.FRIENDS;
        for (int i = 0; i < count; i++, at += 8) {
            friends[i] = buffer.getLong(at, UserLayout.ORDER);
        }
        int nameLength = buffer.getByte(offset + UserLayout.NAME_LENGTH) & 0xFF;
        String name = string(buffer, at, nameLength);
        at += nameLength;
        int emailLength = buffer.getByte(offset + UserLayout.EMAIL_LENGTH) & 0xFF;
        String email = emailLength == UserLayout.ABSENT ? null : string(buffer, at, emailLength);
        at += emailLength == UserLayout.ABSENT ? 0 : emailLength;
        int cityLength = buffer.getByte(offset + UserLayout.CITY_LENGTH) & 0xFF;
        String city = cityLength == UserLayout.ABSENT ? null : string(buffer, at, cityLength);
        if (at + (city == null ? 0 : cityLength) != offset + length) {
            throw new IllegalStateException("a flyweight user of " + length + " bytes ends at " + (at - offset));
        }
        return new UserMessage(buffer.getLong(offset + UserLayout.ID, UserLayout.ORDER), name, email, city, friends);
    }

    private static String string(DirectBuffer buffer, int at, int length) {
        byte[] bytes = new byte[length];
        buffer.getBytes(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
