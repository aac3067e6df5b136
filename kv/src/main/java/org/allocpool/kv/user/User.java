package org.allocpool.kv.user;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The record of the kv article: a user with an id, a name, an optional e-mail and city, and the
 * ids of their friends. Immutable in intent: the record keeps the {@code friends} array it is
 * given (no copy, so decoding allocates once), and nobody may change it afterwards. Safe to share
 * between threads once built.
 *
 * @param id      the user's id (the store's key)
 * @param name    never null
 * @param email   may be null
 * @param city    may be null
 * @param friends friend ids, never null (may be empty)
 */
public record User(long id, String name, String email, String city, long[] friends) implements Serializable {

    public User {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(friends, "friends");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof User that
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
        return "User[id=" + id + ", name=" + name + ", email=" + email + ", city=" + city
                + ", friends=" + Arrays.toString(friends) + "]";
    }
}
