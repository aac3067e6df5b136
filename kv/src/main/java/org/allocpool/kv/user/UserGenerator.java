package org.allocpool.kv.user;

/**
 * Makes the users of the kv experiment, deterministically from their id: the same id gives the
 * same user in every run and process. About 60 bytes each in the {@link UserLayout} format: a
 * short name, an e-mail three times in four, a city four times in five (some with non-ASCII
 * letters), and 0 to 8 friends. Stateless and thread-safe.
 */
public final class UserGenerator {

    private static final String[] NAMES = {
        "Ada", "Alan", "Grace", "Linus", "Barbara", "Dennis", "Edsger", "Frances",
        "Guido", "Hedy", "Ivan", "Joan", "Ken", "Lois", "Niklaus", "Radia",
    };
    private static final String[] CITIES = {
        "Paris", "Zürich", "Oslo", "Kraków", "Lyon", "Porto", "Bern", "Malmö",
    };

    private UserGenerator() {
    }

    /** The user with this id. */
    public static User user(long id) {
        long h = mix(id);
        String name = NAMES[(int) (h & 15)];
        String email = ((h >>> 8) & 3) == 0 ? null : name.toLowerCase(java.util.Locale.ROOT) + (id % 1000) + "@ex.org";
        String city = Long.remainderUnsigned(h >>> 12, 5) == 0 ? null : CITIES[(int) ((h >>> 16) & 7)];
        int friendCount = (int) Long.remainderUnsigned(h >>> 24, 9);
        long[] friends = new long[friendCount];
        for (int i = 0; i < friendCount; i++) {
            friends[i] = Long.remainderUnsigned(mix(id * 31 + i + 1), 1_000_000);
        }
        return new User(id, name, email, city, friends);
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 32;
        return h;
    }
}
