package org.allocpool.analyzer.parallel;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.analyzer.StateDigest;

/**
 * The processors of a pipeline and their threads, one each: started together, watched while the
 * source waits on one, stopped and joined, then digested, drained and counted. What the object and
 * the flat pipelines share, whatever their packets are.
 *
 * <p>Thread-safety: used by the source's thread only; the processors run on their own threads.
 */
final class ProcessorGroup {

    private final PacketProcessor[] processors;
    private final Thread[] threads;

    /** A daemon thread per processor, named {@code analyzer-mt-processor-K}, not started yet. */
    ProcessorGroup(PacketProcessor[] processors) {
        this.processors = processors.clone();
        this.threads = new Thread[processors.length];
        for (int k = 0; k < processors.length; k++) {
            threads[k] = Thread.ofPlatform().name("analyzer-mt-processor-" + k).daemon().unstarted(processors[k]);
        }
    }

    void start() {
        for (Thread t : threads) {
            t.start();
        }
    }

    /** Throws when processor {@code k} failed or its thread ended (the source would wait for it forever). */
    void checkAlive(int k) {
        Throwable failure = processors[k].failure();
        if (failure != null || !threads[k].isAlive() && threads[k].getState() != Thread.State.NEW) {
            throw new IllegalStateException("processor " + k + " failed: " + failure, failure);
        }
    }

    /**
     * Stops and joins every processor, throws the first failure, then closes each one's stream at
     * {@code sequences[k]} ticks (real time: what it never received was lost).
     */
    void stop(long[] sequences) {
        close();
        for (int k = 0; k < processors.length; k++) {
            Throwable failure = processors[k].failure();
            if (failure != null) {
                throw new IllegalStateException("processor " + k + " failed: " + failure.getMessage(), failure);
            }
            processors[k].endOfStream(sequences[k]);
        }
    }

    /** The digest of what every processor holds, in processor order. */
    String stateDigest() {
        StateDigest digest = new StateDigest();
        for (PacketProcessor p : processors) {
            p.digest(digest);
        }
        return digest.hex();
    }

    /** Processes what every processor still has queued (store indexes from {@code draw}), then frees its store. */
    void drain(IndexDraw draw) {
        for (PacketProcessor p : processors) {
            while (p.drainOne(draw)) {
                // one queued packet processed
            }
            p.freeStored();
        }
    }

    List<ProcessorCounts> counts() {
        List<ProcessorCounts> counts = new ArrayList<>();
        for (PacketProcessor p : processors) {
            counts.add(p.counts());
        }
        return List.copyOf(counts);
    }

    List<Thread> threads() {
        return List.of(threads);
    }

    /** Stops and joins every processor (idempotent). */
    void close() {
        for (PacketProcessor p : processors) {
            p.stop();
        }
        ParallelThreads.join(threads);
    }
}
