package org.allocpool.echo.buffers;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where the service's encode and decode buffers come from ({@code --buffers}). Immutable.
 */
public enum BufferStrategy {

    /** A new heap buffer per message, left to the garbage collector; reads into new heap buffers too. */
    UNPOOLED("unpooled"),
    /** Netty's pooled allocator (arenas and thread caches), for reads, decode copies and replies. */
    NETTY_POOLED("netty-pooled"),
    /** Netty 4.2's default adaptive allocator, for reads, decode copies and replies. */
    NETTY_ADAPTIVE("netty-adaptive"),
    /**
     * One pre-allocated off-heap buffer per I/O thread for decoding and one for encoding, growing
     * up to a cap; replies of one read leave in one write. Socket reads use Netty's pooled allocator,
     * whose buffers keep their NIO view when reused (the adaptive one makes a view per read without Unsafe).
     */
    THREAD_LOCAL("thread-local");

    private final String label;

    BufferStrategy(String label) {
        this.label = label;
    }

    /** The name on the command line and in records. */
    public String label() {
        return label;
    }

    /** Every label, comma-separated, for messages. */
    public static String labels() {
        return Arrays.stream(values()).map(BufferStrategy::label).collect(Collectors.joining(", "));
    }

    /**
     * The strategy named {@code text} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static BufferStrategy parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (BufferStrategy s : values()) {
            if (s.label.equals(t)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown --buffers '" + text + "'; allowed: " + labels());
    }
}
