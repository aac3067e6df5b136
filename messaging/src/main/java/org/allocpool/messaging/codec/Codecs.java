package org.allocpool.messaging.codec;

import java.util.List;
import java.util.Locale;

/** The codecs by name. Thread-safe (stateless); each call makes a new codec. */
public final class Codecs {

    /** Every codec's name, in the order the tables list them. */
    public static final List<String> NAMES = List.of("flyweight", "fory", "kryo", "jdk");

    private Codecs() {
    }

    /**
     * A new codec called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static MessageCodec byName(String name) {
        return switch (name == null ? "" : name.strip().toLowerCase(Locale.ROOT)) {
            case "flyweight" -> new FlyweightCodec();
            case "fory" -> new ForyCodec();
            case "kryo" -> new KryoCodec();
            case "jdk" -> new JdkCodec();
            default -> throw new IllegalArgumentException("unknown codec '" + name + "'; allowed: " + String.join(", ", NAMES));
        };
    }
}
