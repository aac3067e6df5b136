package org.allocpool.analyzer.parallel;

import java.util.List;

/**
 * One source and N processor threads, either over packet objects ({@link ObjectPipeline}) or over
 * slab slots ({@link FlatPipeline}). The source is the calling thread: it prefills, starts the
 * processors, sends packets round-robin (packet i to processor i mod N, each through a ring of its
 * own), stops them, and drains. Every packet is processed once by one processor; the source checks
 * none is lost by sequence numbers per processor, the processors check it too.
 *
 * <p>Not thread-safe: one thread (the source) calls every method; {@link #close()} frees any
 * off-heap memory.
 */
interface ParallelPipeline extends AutoCloseable {

    /** A store index for a packet that pushes out no TCP packet. */
    int NO_INDEX = -1;

    /** Fills every processor's store and queue, as a long run has them, before {@link #start()}. */
    void prefill();

    /** Starts the processor threads. */
    void start();

    /**
     * Batch: sends {@code packets} packets as fast as the processors take them, waiting while the
     * next one's ring is full.
     *
     * @return how many packets found their ring full and waited
     * @throws IllegalStateException if a processor failed, or a pool ran dry
     */
    long send(long packets);

    /**
     * Real time: the next tick. Its packet is made and sent if its processor's ring has room, else
     * the tick is dropped (lost), as a capture card drops a packet.
     *
     * @return whether it was sent
     */
    boolean tick();

    /** Ends the processor threads once they have taken everything sent, and joins them. */
    void stop();

    /** After {@link #stop()}: the digest of what the processors hold, processor by processor. */
    String stateDigest();

    /** After {@link #stop()}: each processor's queue processed, then its store freed, with the source's generator. */
    void drain();

    /** Packets the source made (prefill included). */
    long made();

    /** After {@link #drain()}: whether every pooled packet or slot is back; true for {@code alloc}. */
    boolean allBack();

    /** After {@link #stop()}: each processor's counts. */
    List<ProcessorCounts> counts();

    /**
     * Packets (or slots) each processor's pool ever handed out, the most over the processors: what
     * circulates, not what the pool holds; -1 for strategies without a pool per processor.
     */
    default int circulated() {
        return -1;
    }

    /** The processor threads. */
    List<Thread> threads();

    @Override
    void close();

    /** A pipeline for {@code settings}: pools, slabs, rings and processors made now, nothing started. */
    static ParallelPipeline of(ParallelSettings settings) {
        return settings.strategy() == ParallelStrategy.FLAT ? new FlatPipeline(settings) : new ObjectPipeline(settings);
    }
}
