package org.allocpool.messaging.codec;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The message every codec carries: the kv lab's user record (an id, a name, an optional e-mail and
 * city, the ids of friends; about 60 bytes encoded), defined again here rather than imported, since an
 * experiment never imports another experiment's module. Its shape and {@link MessageGenerator}'s values
 * are the kv module's {@code User} and {@code UserGenerator}'s, so the two labs encode the same
 * messages. Keeps the {@code friends} array it is given; nobody may change it afterwards. Safe to share
 * between threads once built.
 *
 * @param id      the user's id
 * @param name    never null
 * @param email   may be null
 * @param city    may be null
 * @param friends friend ids, never null (may be empty)
 */
public record UserMessage(long id, String name, String email, String city, long[] friends) implements Serializable {

    public UserMessage {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(friends, "friends");
    }

    /**
     * What every codec's decode returns for this message, read from the bytes: its id, plus its friend
     * count, plus one for an e-mail and one for a city (the kv codecs' digest), plus the last friend's id,
     * so that a friend list read from the wrong place shows.
     */
    public long digest() {
        return digest(id, friends.length, email != null, city != null, friends.length == 0 ? 0 : friends[friends.length - 1]);
    }

    /** {@link #digest()} of fields read one by one (a flyweight's way). */
    public static long digest(long id, int friendCount, boolean hasEmail, boolean hasCity, long lastFriend) {
        return id + friendCount + (hasEmail ? 1 : 0) + (hasCity ? 1 : 0) + lastFriend;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UserMessage that
                && id == that.id
                && name.equals(that.name)
                && Objects.equals(email, that.email)
                && Objects.equals(city, that.city)
                && Arrays.equals(friends, that.friends);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(id);
        h = 31 * h + name.hashCode();
        h = 31 * h + Objects.hashCode(email);
        h = 31 * h + Objects.hashCode(city);
        return 31 * h + Arrays.hashCode(friends);
    }

    @Override
    public String toString() {
        return "UserMessage[id=" + id + ", name=" + name + ", email=" + email + ", city=" + city
                + ", friends=" + Arrays.toString(friends) + "]";
    }
}
