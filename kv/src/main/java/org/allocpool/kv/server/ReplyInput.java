package org.allocpool.kv.server;

import java.io.BufferedInputStream;
import java.io.InputStream;

/**
 * A client's buffered view of its socket's input that can say how many bytes it already holds, so a
 * pipelining client can read the replies that arrived together without asking the kernel
 * ({@link java.io.InputStream#available} on a socket is a system call).
 *
 * <p>Not thread-safe: owned by one client, used by its thread.
 */
final class ReplyInput extends BufferedInputStream {

    ReplyInput(InputStream in, int size) {
        super(in, size);
    }

    /** Bytes received and buffered, not yet read: reading them will not wait. */
    // hot path: no allocation
    int buffered() {
        return count - pos;
    }
}
