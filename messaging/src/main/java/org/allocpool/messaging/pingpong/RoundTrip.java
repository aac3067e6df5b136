package org.allocpool.messaging.pingpong;

/**
 * The pinging end of one transport: sends a ping carrying a sequence number and polls for the pong
 * that carries it back. One ping in flight at a time. Confined to one thread; {@link #send} and
 * {@link #poll} allocate nothing.
 */
interface RoundTrip extends AutoCloseable {

    /** What {@link #poll} returns while no pong has arrived. */
    long NONE = Long.MIN_VALUE;
    /** The bytes of every ping and pong: a sequence number and padding, the size of a small market-data message. */
    int MESSAGE_BYTES = 32;

    /** Sends ping {@code sequence}; false when the transport could not take it now (retry). */
    boolean send(long sequence);

    /** The sequence of a pong that arrived, or {@link #NONE}; drives the transport's own work too. */
    long poll();

    @Override
    void close();
}
