package org.allocpool.messaging.pingpong;

import java.net.InetSocketAddress;
import java.util.function.BooleanSupplier;

/** The answering end of one transport: echoes every ping until the end ping or {@code stop}. Confined to one thread. */
interface Pong extends AutoCloseable {

    /** Where pings go. */
    InetSocketAddress address();

    /** Answers until the end ping or {@code stop}; returns how many it answered. */
    long run(BooleanSupplier stop);

    @Override
    void close();
}
