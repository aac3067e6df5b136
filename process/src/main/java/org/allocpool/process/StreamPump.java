package org.allocpool.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;

/**
 * One daemon thread that reads a child's stream line by line, hands each line on, and keeps the
 * last few. Written by its own thread; {@link #join} hands the kept lines to one other thread.
 */
final class StreamPump {

    private final Thread thread;
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private final int keep;

    private StreamPump(InputStream in, Consumer<String> lines, int keep, String name) {
        this.keep = keep;
        this.thread = Thread.ofPlatform().name(name).daemon().unstarted(() -> pump(in, lines));
    }

    /** Starts reading {@code in}, handing lines to {@code lines} and keeping the last {@code keep}. */
    static StreamPump start(InputStream in, Consumer<String> lines, int keep, String name) {
        StreamPump pump = new StreamPump(in, lines, keep, name);
        pump.thread.start();
        return pump;
    }

    /**
     * Waits up to {@code timeoutMs} for the stream to end, then returns the lines kept so far.
     * A stream still open then (held by a grandchild) is left to its daemon thread.
     */
    List<String> join(long timeoutMs) {
        try {
            thread.join(timeoutMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (tail) {
            return List.copyOf(tail);
        }
    }

    private void pump(InputStream in, Consumer<String> lines) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.accept(line);
                if (keep > 0) {
                    synchronized (tail) {
                        if (tail.size() == keep) {
                            tail.removeFirst();
                        }
                        tail.addLast(line);
                    }
                }
            }
        } catch (IOException gone) {
            // the child went away; its exit status tells what happened
        }
    }
}
