package org.allocpool.echo.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.server.GcWindow;
import org.allocpool.echo.server.StatsAnswer;
import org.allocpool.metrics.result.RecordJson;

/**
 * The bench's control connection to the server, apart from the load: asks for the server's STATS
 * (its counters, settings and environment), read into a typed {@link StatsAnswer}, and for the
 * garbage collections of the measured rounds. One owner thread (the bench's main thread); not
 * thread-safe.
 */
final class StatsConnection implements AutoCloseable {

    private static final int CONTROL_TIMEOUT_MS = 30_000;
    /** How long to wait for the server's JFR stream to deliver the window's collections. */
    private static final long GC_SETTLE_MS = 5_000;
    private static final long GC_POLL_MS = 200;

    private final EchoConnection control;

    private StatsConnection(EchoConnection control) {
        this.control = control;
    }

    /**
     * Connects to {@code server}.
     *
     * @throws IOException when the server cannot be reached
     */
    static StatsConnection open(InetSocketAddress server) throws IOException {
        return new StatsConnection(EchoConnection.open(server, CONTROL_TIMEOUT_MS));
    }

    /** The server's STATS answer now. */
    StatsAnswer now() throws IOException {
        return stats(0, 0);
    }

    /**
     * The server's collections of {@code [sinceNs, untilNs]} (its clock), asked again until its GC
     * stream has passed {@code untilNs} or a few seconds went by.
     */
    GcWindow gcWindow(long sinceNs, long untilNs) throws IOException {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GC_SETTLE_MS);
        while (true) {
            GcWindow window = stats(sinceNs, untilNs).gcWindow();
            if (window.observedUntilNs() >= untilNs || System.nanoTime() > giveUp) {
                return window;
            }
            try {
                TimeUnit.MILLISECONDS.sleep(GC_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the server's GC window", e);
            }
        }
    }

    private StatsAnswer stats(long sinceNs, long untilNs) throws IOException {
        try {
            return RecordJson.mapper().treeToValue(control.stats(sinceNs, untilNs), StatsAnswer.class);
        } catch (JsonProcessingException e) {
            throw new IOException("the server's STATS answer does not read as one: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        control.close();
    }
}
