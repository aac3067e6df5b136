package org.allocpool.analyzer.capture;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.allocpool.analyzer.capture.CaptureRingLayout.DROPPED_OFFSET;
import static org.allocpool.analyzer.capture.CaptureRingLayout.ENTRIES_OFFSET;
import static org.allocpool.analyzer.capture.CaptureRingLayout.ENTRY_BYTES;
import static org.allocpool.analyzer.capture.CaptureRingLayout.HEAD_OFFSET;
import static org.allocpool.analyzer.capture.CaptureRingLayout.SCHEDULED_IN_ENTRY;
import static org.allocpool.analyzer.capture.CaptureRingLayout.SEQUENCE_IN_ENTRY;
import static org.allocpool.analyzer.capture.CaptureRingLayout.TAIL_OFFSET;
import static org.allocpool.analyzer.capture.CaptureRingLayout.TICKS_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The consumer's view of the ring a {@link CaptureSource}'s native thread fills: each entry is
 * one tick, its sequence number and the time it was scheduled (see {@link CaptureRingLayout}).
 *
 * <p>Single consumer: one thread at a time may poll (the native thread is the single producer);
 * not thread-safe otherwise. Memory ownership: the ring lives in its source's shared arena; it is
 * readable until {@link CaptureSource#close()}, after which polling throws IllegalStateException.
 */
public final class CaptureRing {

    // (MemorySegment, long offset) -> long; built once.
    private static final VarHandle LONG = JAVA_LONG.varHandle();

    /**
     * The consumer publishes its tail every this many polls (fewer in a ring under 1,024 entries: a
     * sixteenth of it), and whenever it finds the ring empty, so the producer may see the ring full
     * that many entries early: 64 of the default ring's 100,000 at the widest interval. A power of
     * two; as {@code kTailPublishInterval} of the C++ analyser's ring.
     */
    static final long TAIL_PUBLISH_INTERVAL = 64;

    private final MemorySegment segment;
    private final long capacity;
    private final long endOffset;
    /** Publish tail when {@code (tail & publishMask) == 0}. */
    private final long publishMask;

    private long tail;
    private long headCache;
    private long entryOffset = ENTRIES_OFFSET;
    private long lastScheduledNanos = -1;

    CaptureRing(MemorySegment segment, long capacity) {
        this.segment = segment;
        this.capacity = capacity;
        this.endOffset = ENTRIES_OFFSET + capacity * ENTRY_BYTES;
        this.publishMask = Long.highestOneBit(Math.max(1, Math.min(TAIL_PUBLISH_INTERVAL, capacity / 16))) - 1;
    }

    /** Entries the ring holds: the source's ticks of {@code maxDelayMs}. */
    public long capacity() {
        return capacity;
    }

    /**
     * Takes the next tick, if there is one: {@link #claim claim(1)}, then {@link #next()}.
     *
     * @return its sequence number (0, 1, 2, ...; a gap is ticks dropped while the ring was full),
     *         or -1 if the ring is empty; the tick's scheduled time is then {@link #lastScheduledNanos()}
     */
    // hot path: no allocation
    public long poll() {
        return claim(1) == 0 ? -1 : next();
    }

    /**
     * Claims the ticks waiting in the ring, at most {@code max}: how many, 0 if it is empty. Take each
     * with {@link #next()}, in order. The producer's head is read (an acquire) only when the ticks
     * read with it last time are all taken, so a consumer that is behind reads it once per claim, not
     * once per tick. On finding the ring empty it gives the producer every slot back first.
     */
    // hot path: no allocation
    public int claim(int max) {
        long waiting = headCache - tail;
        if (waiting == 0) {
            headCache = getLongAcquire(HEAD_OFFSET);
            waiting = headCache - tail;
            if (waiting == 0) {
                // caught up: give the producer every slot back before waiting
                putLongRelease(TAIL_OFFSET, tail);
                return 0;
            }
        }
        return (int) Math.min(waiting, max);
    }

    /**
     * Takes the next claimed tick: its sequence number (a gap is ticks dropped while the ring was
     * full); its scheduled time is then {@link #lastScheduledNanos()}. Call only for a tick a
     * {@link #claim} counted and not yet taken: the ring does not check.
     */
    // hot path: no allocation
    public long next() {
        final long tail = this.tail;
        final MemorySegment segment = this.segment;
        final long offset = entryOffset;
        // Plain reads: the acquire of head in claim orders them after the producer's writes.
        final long sequence = segment.get(JAVA_LONG, offset + SEQUENCE_IN_ENTRY);
        lastScheduledNanos = segment.get(JAVA_LONG, offset + SCHEDULED_IN_ENTRY);
        final long next = offset + ENTRY_BYTES;
        entryOffset = next == endOffset ? ENTRIES_OFFSET : next;
        this.tail = tail + 1;
        // Release: the producer may overwrite the slots only after these reads. Every
        // TAIL_PUBLISH_INTERVAL ticks, not every tick: a producer that finds the ring full reads tail
        // on every tick, and a tail written on every poll then moved its cache line between the two
        // cores for every packet, which slowed this consumer to ~100 ns a packet once it fell behind
        // (flat case A lost 40-60% at a 60 ns interval, its batch figure 14 ns).
        if (((tail + 1) & publishMask) == 0) {
            putLongRelease(TAIL_OFFSET, tail + 1);
        }
        return sequence;
    }

    /**
     * Takes the next {@code count} claimed ticks at once, as {@code count} calls of {@link #next()}:
     * their scheduled times into {@code scheduledOut[0 .. count)}, in order; returns the last one's
     * sequence number (a gap before it is ticks dropped). The ring's position is kept in locals for
     * the whole claim and its fields written once: per tick, the fields cost the real-time loop
     * more than the reads of the entries. {@code count} at least 1, at most what {@link #claim}
     * counted and not yet taken, and at most {@code scheduledOut.length}: not checked.
     */
    // hot path: no allocation
    public long next(int count, long[] scheduledOut) {
        final MemorySegment segment = this.segment;
        final long end = endOffset;
        final long tail = this.tail;
        long offset = entryOffset;
        long sequence = -1;
        for (int k = 0; k < count; k++) {
            sequence = segment.get(JAVA_LONG, offset + SEQUENCE_IN_ENTRY);
            scheduledOut[k] = segment.get(JAVA_LONG, offset + SCHEDULED_IN_ENTRY);
            offset += ENTRY_BYTES;
            if (offset == end) {
                offset = ENTRIES_OFFSET;
            }
        }
        entryOffset = offset;
        lastScheduledNanos = scheduledOut[count - 1];
        final long taken = tail + count;
        this.tail = taken;
        // as next(): the tail is published each time it passes a multiple of the publish interval
        if ((taken & ~publishMask) != (tail & ~publishMask)) {
            putLongRelease(TAIL_OFFSET, taken);
        }
        return sequence;
    }

    /**
     * When the tick last returned by {@link #poll()} was due, in {@link ClockSourceLibrary#nowNanos()}
     * nanoseconds; -1 before the first tick.
     */
    public long lastScheduledNanos() {
        return lastScheduledNanos;
    }

    /** Entries polled so far. */
    public long polled() {
        return tail;
    }

    long ticks() {
        return getLongAcquire(TICKS_OFFSET);
    }

    long dropped() {
        return getLongAcquire(DROPPED_OFFSET);
    }

    private long getLongAcquire(long offset) {
        return (long) LONG.getAcquire(segment, offset);
    }

    private void putLongRelease(long offset, long value) {
        LONG.setRelease(segment, offset, value);
    }
}
