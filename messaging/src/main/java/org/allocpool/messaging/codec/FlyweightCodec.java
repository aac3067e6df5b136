package org.allocpool.messaging.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The flyweight: a message's fields written straight into the transport's buffer ({@link UserLayout}),
 * and read back where they lie in the received buffer, field by field, without building an object: the
 * "structs" of the article. Encoding and decoding allocate nothing. Not thread-safe: one per thread.
 */
public final class FlyweightCodec implements MessageCodec {

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
        nameBytes = Utf8.length(message.name());
        emailBytes = message.email() == null ? 0 : Utf8.length(message.email());
        cityBytes = message.city() == null ? 0 : Utf8.length(message.city());
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
        at += Utf8.write(message.name(), buffer, at);
        if (message.email() != null) {
            at += Utf8.write(message.email(), buffer, at);
        }
        if (message.city() != null) {
            Utf8.write(message.city(), buffer, at);
        }
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
