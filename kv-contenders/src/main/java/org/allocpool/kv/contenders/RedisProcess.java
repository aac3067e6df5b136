package org.allocpool.kv.contenders;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.process.Child;
import org.allocpool.process.RunningChild;

/**
 * A {@code redis-server} the servers section measures, started as a real child process on a free
 * loopback port (never 6379's instance), its files in a folder of the cell's, persistence as the
 * durability row says: {@code appendonly yes} with {@code appendfsync everysec} or {@code always}, no
 * RDB snapshots. Stopped by {@link #close()} ({@code SHUTDOWN NOSAVE}, then SIGTERM, then a kill).
 * Not thread-safe; the caller owns it and closes it.
 */
final class RedisProcess implements AutoCloseable {

    /** The line Redis 6 and 7 print (on stdout, with no log file) once they accept connections. */
    static final Pattern READY = Pattern.compile(".*Ready to accept connections.*");

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final RunningChild child;
    private final InetSocketAddress address;

    private RedisProcess(RunningChild child, InetSocketAddress address) {
        this.child = child;
        this.address = address;
    }

    /**
     * Starts {@code redisServer} with its files in {@code dir} and {@code appendfsync} {@code fsync}.
     *
     * @throws IOException when it cannot start or does not say it is ready within 30 s
     */
    static RedisProcess start(Path redisServer, Path dir, String fsync) throws IOException {
        int port = freePort();
        RunningChild child = Child.of(command(redisServer, dir, fsync, port)).start();
        Matcher ready = child.awaitLine(READY, READY_TIMEOUT);
        if (ready == null) {
            child.close();
            throw new IOException("redis-server did not say it was ready within " + READY_TIMEOUT.toSeconds() + " s: "
                    + String.join(" | ", child.stderrTail()));
        }
        return new RedisProcess(child, new InetSocketAddress("127.0.0.1", port));
    }

    /** Its command line: loopback only, AOF on with {@code fsync}, no snapshots, logging to stdout. */
    static List<String> command(Path redisServer, Path dir, String fsync, int port) {
        return List.of(redisServer.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--protected-mode", "yes", "--daemonize", "no", "--dir", dir.toString(), "--save", "",
                "--appendonly", "yes", "--appendfsync", fsync, "--logfile", "");
    }

    /** Where it listens. */
    InetSocketAddress address() {
        return address;
    }

    private static int freePort() throws IOException {
        // a port the kernel had free a moment ago; Redis refuses to start if someone took it since
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Override
    public void close() {
        try (RespLink link = RespLink.connect(address, Duration.ofSeconds(5))) {
            link.call("SHUTDOWN", "NOSAVE");
        } catch (IOException expected) {
            // SHUTDOWN closes the connection without a reply
        }
        child.stop(STOP_GRACE);
        child.close();
    }
}
