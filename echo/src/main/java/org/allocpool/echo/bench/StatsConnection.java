package org.allocpool.echo.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.client.EchoConnection;

/**
 * The bench's control connection to the server, apart from the load: asks for the server's STATS
 * (its counters, settings and environment) and for the garbage collections of the measured
 * window. One owner thread (the bench's main thread); not thread-safe.
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
    JsonNode now() throws IOException {
        return control.stats(0, 0);
    }

    /**
     * The server's collections of {@code [sinceNs, untilNs]} (its clock), asked again until its GC
     * stream has passed {@code untilNs} or a few seconds went by.
     */
    JsonNode gcWindow(long sinceNs, long untilNs) throws IOException {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GC_SETTLE_MS);
        while (true) {
            JsonNode window = control.stats(sinceNs, untilNs).path("gcWindow");
            if (window.path("observedUntilNs").asLong() >= untilNs || System.nanoTime() > giveUp) {
                return window;
            }
            PhasePacer.sleepNs(TimeUnit.MILLISECONDS.toNanos(GC_POLL_MS));
        }
    }

    @Override
    public void close() throws IOException {
        control.close();
    }
}
