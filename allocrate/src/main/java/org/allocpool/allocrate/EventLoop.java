package org.allocpool.allocrate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The loops whose rates the experiment compares; both handle the same events (the same sequence, the
 * same reads), so that the only difference is where each event lives. Immutable.
 */
public enum EventLoop {

    /**
     * A new event per sequence number, kept among the thread's last {@link EventWorker#KEPT} as
     * Chronicle's benchmark keeps each batch of ten in a list, then dropped: the reference escapes into
     * that array, so escape analysis cannot remove the allocation (the record's allocated bytes per event
     * show it).
     */
    ALLOC("alloc"),
    /** One event per thread, filled again for every sequence number: the same work without the allocation. */
    REUSE("reuse");

    private final String cliName;

    EventLoop(String cliName) {
        this.cliName = cliName;
    }

    /** Its name on the command line and in records: {@code alloc}, {@code reuse}. */
    public String cliName() {
        return cliName;
    }

    /** A worker running this loop, for one thread. */
    public EventWorker newWorker() {
        return this == ALLOC ? new AllocatingWorker() : new ReusingWorker();
    }

    /**
     * The loop called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static EventLoop byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (EventLoop loop : values()) {
            if (loop.cliName.equals(wanted)) {
                return loop;
            }
        }
        throw new IllegalArgumentException("unknown loop '" + (name == null ? "" : name.strip()) + "'; allowed: "
                + Arrays.stream(values()).map(EventLoop::cliName).collect(Collectors.joining(", ")));
    }
}
