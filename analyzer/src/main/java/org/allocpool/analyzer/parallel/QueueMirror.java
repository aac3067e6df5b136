package org.allocpool.analyzer.parallel;

import org.allocpool.analyzer.packet.PacketSource;

/**
 * The source's copy of which packets wait in each processor's queue, TCP or not, so that it draws
 * a TCP packet's store index from its own generator at the moment the single-threaded analyser would
 * (when the packet sent after it pushes it out of the queue) and sends it along. With one processor
 * the generator is then called in exactly the single-threaded order, and the run holds the same
 * packets at the same places (equal {@link org.allocpool.analyzer.StateDigest}s); the processor
 * checks that the index comes exactly with the TCP packets it pushes out.
 *
 * <p>The source thread's only; one byte per queued packet, allocated up front.
 */
final class QueueMirror implements IndexDraw {

    private final PacketSource generator;
    private final boolean[][] tcp;
    private final int[] head;
    private final int[] size;
    private final int[] storedSize;

    QueueMirror(PacketSource generator, int[] queueSizes, int[] storedSizes) {
        this.generator = generator;
        this.tcp = new boolean[queueSizes.length][];
        for (int k = 0; k < queueSizes.length; k++) {
            tcp[k] = new boolean[queueSizes[k]];
        }
        this.head = new int[queueSizes.length];
        this.size = new int[queueSizes.length];
        this.storedSize = storedSizes.clone();
    }

    /**
     * A packet ({@code isTcp} or not) was sent to processor {@code k}: the store index for the packet
     * it pushes out of that processor's queue, drawn now if that one is TCP, else {@link ParallelPipeline#NO_INDEX}.
     */
    // hot path: no allocation
    int afterSend(int k, boolean isTcp) {
        push(k, isTcp);
        final boolean[] flags = tcp[k];
        if (size[k] < flags.length) {
            return ParallelPipeline.NO_INDEX;
        }
        boolean oldest = flags[head[k]];
        head[k] = head[k] + 1 == flags.length ? 0 : head[k] + 1;
        size[k]--;
        return oldest ? generator.nextPositive() % storedSize[k] : ParallelPipeline.NO_INDEX;
    }

    /** A packet was queued at processor {@code k} by the prefill. */
    void prefilled(int k, boolean isTcp) {
        push(k, isTcp);
    }

    private void push(int k, boolean isTcp) {
        final boolean[] flags = tcp[k];
        int at = head[k] + size[k];
        if (at >= flags.length) {
            at -= flags.length;
        }
        flags[at] = isTcp;
        size[k]++;
    }

    /** The drain's store indices: the generator's next, as the single-threaded drain draws them. */
    @Override
    public int next(int slots) {
        return generator.nextPositive() % slots;
    }
}
