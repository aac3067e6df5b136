package org.allocpool.messaging.pingpong;

/**
 * The pinging end of one transport: sends a ping carrying a sequence number and polls for the pong
 * that carries it back. One ping in flight at a time. Confined to one thread; {@link #send} and
 * {@link #poll} allocate nothing.
 *
 * <p>Both ends wait by polling, and give the core away ({@code Thread.yield}, a {@code sched_yield})
 * between polls that found nothing: on a machine with fewer free cores than spinning threads (two
 * processes on a busy 2-core machine), a pure spin holds its core until the scheduler's time slice ends
 * and turns microsecond round trips into milliseconds; measured on the shared 2-core machine at load
 * 7, Java UDP back to back went from 74 to 17,800 round trips/s (p99 25 ms to 75 µs) with the yield.
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
