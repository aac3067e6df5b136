package org.allocpool.messaging.codec;

import java.util.Locale;

/**
 * The messages a publisher sends: user {@code id} is the same as the kv module's {@code UserGenerator}
 * makes (same names, cities, e-mails and friend lists from the same hash), written again here because
 * an experiment does not import another's module. Thread-safe (stateless).
 */
public final class MessageGenerator {

    private static final String[] NAMES = {
        "Ada", "Alan", "Grace", "Linus", "Barbara", "Dennis", "Edsger", "Frances",
        "Guido", "Hedy", "Ivan", "Joan", "Ken", "Lois", "Niklaus", "Radia",
    };
    private static final String[] CITIES = {
        "Paris", "Zürich", "Oslo", "Kraków", "Lyon", "Porto", "Bern", "Malmö",
    };

    private MessageGenerator() {
    }

    /** The user with this id. */
    public static UserMessage user(long id) {
        long h = mix(id);
        String name = NAMES[(int) (h & 15)];
        String email = ((h >>> 8) & 3) == 0 ? null : name.toLowerCase(Locale.ROOT) + (id % 1000) + "@ex.org";
        String city = Long.remainderUnsigned(h >>> 12, 5) == 0 ? null : CITIES[(int) ((h >>> 16) & 7)];
        int friendCount = (int) Long.remainderUnsigned(h >>> 24, 9);
        long[] friends = new long[friendCount];
        for (int i = 0; i < friendCount; i++) {
            friends[i] = Long.remainderUnsigned(mix(id * 31 + i + 1), 1_000_000);
        }
        return new UserMessage(id, name, email, city, friends);
    }

    /** Users {@code 0 .. count-1}, made once before a run so that sending them allocates nothing. */
    public static UserMessage[] users(int count) {
        UserMessage[] users = new UserMessage[count];
        for (int i = 0; i < count; i++) {
            users[i] = user(i);
        }
        return users;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 32;
        return h;
    }
}
