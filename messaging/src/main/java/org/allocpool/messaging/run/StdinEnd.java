package org.allocpool.messaging.run;

import java.io.IOException;
import java.io.InputStream;

/**
 * Whether this process's standard input has ended: the lab stops a child server (a subscriber, a pong)
 * by closing it. A daemon thread reads stdin to its end; the server's loop reads {@link #hasEnded()}
 * (one volatile read). Thread-safe.
 */
public final class StdinEnd {

    private volatile boolean ended;

    private StdinEnd() {
    }

    /** Starts watching {@code in}. */
    public static StdinEnd watch(InputStream in) {
        StdinEnd end = new StdinEnd();
        Thread reader = new Thread(() -> {
            byte[] sink = new byte[256];
            try {
                while (in.read(sink) >= 0) {
                    // discard: only the end matters
                }
            } catch (IOException e) {
                // a broken pipe ends it too
            }
            end.ended = true;
        }, "stdin-end");
        reader.setDaemon(true);
        reader.start();
        return end;
    }

    /** A watcher that never ends (tests, where the caller stops the server otherwise). */
    public static StdinEnd never() {
        return new StdinEnd();
    }

    public boolean hasEnded() {
        return ended;
    }
}
