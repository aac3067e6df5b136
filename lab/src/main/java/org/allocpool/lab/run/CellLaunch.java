package org.allocpool.lab.run;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * What the runner starts for one fork of a cell: a child whose stdout carries the cell's record,
 * and, when the cell measures a server, that server first (started, awaited until it says it is
 * ready, stopped after the child). Folders the cell wrote are deleted afterwards. A child that is not
 * the lab's own (JMH) prints no record: its record is made from the files it wrote once it exited cleanly.
 * Immutable.
 *
 * @param server  the server to start first, or {@code null}
 * @param client  the child's command line, given where the server listens ({@code null} without one)
 * @param cleanup files and folders to delete once the fork ended
 * @param record  makes the fork's record line once the child exited cleanly, when the child prints none on
 *                its stdout (what it printed is kept for people); {@code null}: the child prints its record
 */
public record CellLaunch(Server server, Function<InetSocketAddress, List<String>> client, List<Path> cleanup,
                         Supplier<String> record) {

    public CellLaunch {
        Objects.requireNonNull(client, "client");
        cleanup = List.copyOf(cleanup);
    }

    /** A launch whose child prints its own record. */
    public CellLaunch(Server server, Function<InetSocketAddress, List<String>> client, List<Path> cleanup) {
        this(server, client, cleanup, null);
    }

    /** One child, no server. */
    public static CellLaunch of(List<String> command) {
        List<String> fixed = List.copyOf(command);
        return new CellLaunch(null, address -> fixed, List.of());
    }

    /** The same launch, deleting {@code path} once the fork ended. */
    public CellLaunch cleaningUp(Path path) {
        List<Path> more = new java.util.ArrayList<>(cleanup);
        more.add(path);
        return new CellLaunch(server, client, more, record);
    }

    /**
     * The same launch, its record line made by {@code reader} once the child exited cleanly (exit code 0,
     * in time) from the files it wrote, as a child that is not the lab's own (JMH and its results file)
     * prints no record; a child that failed is recorded as failed as any other.
     */
    public CellLaunch recordedBy(Supplier<String> reader) {
        return new CellLaunch(server, client, cleanup, Objects.requireNonNull(reader, "reader"));
    }

    /**
     * A server a cell measures.
     *
     * @param name         how failures name it, e.g. {@code the server}
     * @param command      its command line
     * @param ready        the line it prints once it listens; groups 1 and 2 are its host and port
     *                     ({@link org.allocpool.process.ReadyLine#pattern})
     * @param readyTimeout how long it may take to print it
     * @param stopGrace    how long it may take to exit once its stdin closes, and again once terminated
     */
    public record Server(String name, List<String> command, Pattern ready, Duration readyTimeout, Duration stopGrace) {

        public Server {
            command = List.copyOf(command);
        }
    }
}
