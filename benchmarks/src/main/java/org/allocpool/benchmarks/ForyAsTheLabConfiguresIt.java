package org.allocpool.benchmarks;

import org.allocpool.kv.user.User;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;

/**
 * Apache Fory as the kv lab's {@code ForyUserCodec} configures it at its best, for the benchmarks that
 * set the flyweight beside it: schema consistent, no reference tracking, {@link User} registered.
 * Stateless; each call makes a new instance, which is not thread-safe (one per benchmark state).
 */
final class ForyAsTheLabConfiguresIt {

    private ForyAsTheLabConfiguresIt() {
    }

    /** A new Fory for users, {@code User} registered. */
    static Fory forUsers() {
        Fory fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
                .withRefTracking(false)
                .requireClassRegistration(true)
                .build();
        fory.register(User.class);
        return fory;
    }
}
