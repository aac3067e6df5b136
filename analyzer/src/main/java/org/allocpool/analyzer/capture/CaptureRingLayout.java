package org.allocpool.analyzer.capture;

/**
 * The bytes of the capture ring that the C clock source writes and {@link CaptureRing} reads;
 * must match {@code native/clock/clocksource.h}.
 *
 * <pre>
 *   offset  field                 writer     ordering
 *        0  capacity              Java       written before the source starts, read-only after
 *        8  intervalNs            Java       written before the source starts, read-only after
 *       64  head                  producer   release; the consumer reads it with acquire
 *       72  ticks                 producer   release: ticks generated, written or dropped
 *       80  dropped               producer   release: ticks dropped because the ring was full
 *      128  tail                  consumer   release, every 64 polls and when empty; the producer
 *                                               reads it with acquire
 *      192  entries[capacity]     producer   plain, published by head
 *
 *   entry:  +0 sequence (long)  +8 scheduledNs (long)       16 bytes
 * </pre>
 *
 * <p>Every field is a 64-bit integer in the platform's native byte order, because C writes it
 * ({@link java.lang.foreign.ValueLayout#JAVA_LONG} is native order). head, tail and the counters
 * sit on cache lines of their own so that producer and consumer do not share one.
 */
final class CaptureRingLayout {

    static final long CAPACITY_OFFSET = 0;
    static final long INTERVAL_OFFSET = 8;
    static final long HEAD_OFFSET = 64;
    static final long TICKS_OFFSET = 72;
    static final long DROPPED_OFFSET = 80;
    static final long TAIL_OFFSET = 128;
    static final long ENTRIES_OFFSET = 192;

    static final long ENTRY_BYTES = 16;
    static final long SEQUENCE_IN_ENTRY = 0;
    static final long SCHEDULED_IN_ENTRY = 8;

    /** Cache-line alignment of the whole ring. */
    static final long ALIGNMENT = 64;

    private CaptureRingLayout() {
    }

    /** Bytes of a ring of {@code capacity} entries. */
    static long bytes(long capacity) {
        return ENTRIES_OFFSET + capacity * ENTRY_BYTES;
    }
}
