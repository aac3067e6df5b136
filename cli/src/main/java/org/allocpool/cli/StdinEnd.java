package org.allocpool.cli;

import java.io.IOException;
import java.io.InputStream;

/**
 * Waits for a server's stdin to end, for {@code --stop-on-stdin-eof}: a parent (the lab, a bench)
 * stops its server by closing the pipe, or by dying. Thread-safe (stateless); reads and discards.
 */
final class StdinEnd {

    private StdinEnd() {
    }

    /** Returns once {@code in} ends or breaks; what it carries is discarded. */
    static void await(InputStream in) {
        byte[] sink = new byte[256];
        try {
            while (in.read(sink) >= 0) {
                // discard: only the end matters
            }
        } catch (IOException e) {
            // a broken stdin is an end too
        }
    }
}
