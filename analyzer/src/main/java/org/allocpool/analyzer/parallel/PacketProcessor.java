package org.allocpool.analyzer.parallel;

import org.allocpool.analyzer.StateDigest;

/**
 * What the pipelines ask of a processor, whatever its packets are (objects or off-heap slots): run on
 * a thread of its own, stop, report a failure, and once stopped, the end-of-stream check, the state
 * digest, the drain and the counts. The per-packet work is each implementation's own.
 *
 * <p>Thread-safety: {@link #run()} on the processor's own thread, {@link #stop()} from any thread,
 * the rest by the source's thread once the processor's thread has ended (as each method says).
 */
interface PacketProcessor extends Runnable {

    /** Asks its thread to end once its ring is empty; any thread, after the source's last offer. */
    void stop();

    /** What ended its thread, or null; read after the thread was joined (or to find it dead). */
    Throwable failure();

    /** After the thread was joined, in real time: the ticks meant for it after the last it received count as lost. */
    void endOfStream(long ticks);

    /** Folds what it holds into {@code digest}: the store in order, then the queue oldest first. */
    void digest(StateDigest digest);

    /** After the thread was joined: processes its oldest queued packet (store index from {@code draw}); false when empty. */
    boolean drainOne(IndexDraw draw);

    /** After the queue was drained: frees every stored packet. */
    void freeStored();

    /** Its counts; read after the thread was joined. */
    ProcessorCounts counts();
}
