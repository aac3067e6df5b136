package org.allocpool.analyzer;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The article's three workloads: how many packets wait in the internal queue before they are
 * parsed, and how many parsed TCP packets are stored. Immutable.
 */
public enum WorkloadCase {
    /** Queue 1,000, stored 1,000 (the published code; the article's table says 10,000). */
    A(1_000, 1_000),
    /** Queue 100,000, stored 100,000. */
    B(100_000, 100_000),
    /** Queue 495,000, stored 495,000. */
    C(495_000, 495_000);

    private final int queue;
    private final int stored;

    WorkloadCase(int queue, int stored) {
        this.queue = queue;
        this.stored = stored;
    }

    /** Packets queued before parsing. */
    public int queue() {
        return queue;
    }

    /** Slots of the stored-TCP-packets array. */
    public int stored() {
        return stored;
    }

    /** The case named {@code name} (case-insensitive); the error lists the allowed names. */
    public static WorkloadCase parse(String name) {
        for (WorkloadCase c : values()) {
            if (c.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown case '" + name + "'; allowed: "
                + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
    }
}
