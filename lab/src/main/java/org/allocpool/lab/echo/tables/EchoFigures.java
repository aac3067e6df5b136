package org.allocpool.lab.echo.tables;

import java.util.Map;

/**
 * The figures the echo experiment's articles published (shared/reference/published-figures.md),
 * measured on other hardware and JDKs: for shapes and ratios beside ours, not absolute values.
 * Immutable constants.
 */
final class EchoFigures {

    /** Where the Chronicle figures come from, and on what. */
    static final String CHRONICLE = "\"Java is very fast if you don't create many objects\" (Chronicle Wire channel"
            + " benchmark, 2022): Ryzen 5950X, Ubuntu, Java 17, 16 clients echoing 44-byte TopOfBook events through one"
            + " service over TCP.";
    /** Events per second of 16 clients, no object per event. */
    static final double CHRONICLE_REUSE = 68.6e6;
    /** Events per second of 16 clients, one {@code deepCopy()} per event. */
    static final double CHRONICLE_COPY = 50.3e6;
    /** Average latency (2 × 16 / throughput) without and with the copy, ns. */
    static final double CHRONICLE_LATENCY_REUSE_NS = 467;
    static final double CHRONICLE_LATENCY_COPY_NS = 636;
    /** The article's own wording of the cost: one extra allocation ≈ 166 ns, -25% throughput. */
    static final String CHRONICLE_COST = "one extra object per event ≈ 166 ns of latency, -25% of throughput";
    /** Events per second by clients, no object per event (8 clients: 46.0 M, a count the lab does not run). */
    static final Map<Integer, Double> CHRONICLE_BY_CLIENTS = Map.of(1, 10.4e6, 2, 20.8e6, 4, 32.3e6, 8, 46.0e6, 16, 64.7e6);

    /** Where the Netty figures come from, and on what. */
    static final String NETTY = "the Netty middleware case study: 3 clients and 1 server on 8-core VMs, 1 KB messages,"
            + " protostuff codec, length-field framing.";
    /** Transactions per second before and after reusing a per-thread pre-allocated 1 KB direct buffer. */
    static final double NETTY_ALLOCATING_TPS = 88_000;
    static final double NETTY_THREAD_LOCAL_TPS = 97_000;
    /** The case study's client count. */
    static final int NETTY_CLIENTS = 3;
    /** The Chronicle article's client count. */
    static final int CHRONICLE_CLIENTS = 16;

    private EchoFigures() {
    }
}
