package org.allocpool.analyzer.capture;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A packet source outside the JVM: a native thread (C, never attached to the JVM, so no safepoint
 * or GC pause stops it) that ticks every {@code intervalNs} on CLOCK_MONOTONIC and writes each
 * tick into a {@link CaptureRing} holding {@code maxDelayMs} of them. When the ring is full the
 * tick is dropped and counted ({@link #dropped()}), as a capture card would.
 *
 * <p>Thread-safe: {@link #stop()}, {@link #close()} and the counters may be called from any
 * thread; the {@link #ring()} has a single consumer. Memory ownership: the ring is allocated here
 * in a shared arena and freed by {@link #close()}, after the native thread has been joined; the
 * native thread never outlives {@link #stop()}. A JVM shutdown hook (Ctrl-C, System.exit) closes
 * a source its owner did not close; it also keeps such a source reachable, so the native thread
 * never writes into freed memory.
 *
 * <pre>{@code
 * try (CaptureSource source = CaptureSource.start(1_000, CaptureSource.DEFAULT_MAX_DELAY_MS, CaptureSource.NO_PIN)) {
 *     CaptureRing ring = source.ring();
 *     long sequence = ring.poll();   // -1 when empty
 *     ...
 * }
 * }</pre>
 */
public final class CaptureSource implements AutoCloseable {

    /** The capture queue holds this much time of packets (the article's MAX_CAPTURING_DELAY_MS). */
    public static final int DEFAULT_MAX_DELAY_MS = 100;
    /** The shortest interval: below it the source only measures its own clock reads. */
    public static final long MIN_INTERVAL_NS = 10;
    /** {@code pinCpu} for a source thread the OS schedules where it likes. */
    public static final int NO_PIN = -1;
    /** The largest ring: 64 Mi entries, 1 GiB. */
    public static final long MAX_CAPACITY = 1L << 26;

    private final Arena arena;
    private final MemorySegment segment;
    private final CaptureRing ring;
    private final long intervalNs;
    private final Thread shutdownHook;

    private MemorySegment handle; // guarded by this; null once stopped
    private boolean closed; // guarded by this
    private boolean stopFailed; // guarded by this; the thread may still write: never free the ring
    private long ticksAtClose; // guarded by this
    private long droppedAtClose; // guarded by this

    private CaptureSource(Arena arena, long intervalNs, long capacity) {
        this.arena = arena;
        this.intervalNs = intervalNs;
        this.segment = arena.allocate(CaptureRingLayout.bytes(capacity), CaptureRingLayout.ALIGNMENT);
        segment.set(JAVA_LONG, CaptureRingLayout.CAPACITY_OFFSET, capacity);
        segment.set(JAVA_LONG, CaptureRingLayout.INTERVAL_OFFSET, intervalNs);
        this.ring = new CaptureRing(segment, capacity);
        this.shutdownHook = new Thread(this::close, "allocpool-capture-shutdown");
    }

    /**
     * Starts a source: a tick every {@code intervalNs}, into a ring of {@code maxDelayMs} of ticks.
     *
     * @param pinCpu the CPU to pin the source thread to, or {@link #NO_PIN}
     * @throws IllegalArgumentException naming the bad value, for an interval below {@link #MIN_INTERVAL_NS},
     *         a delay below 1 ms, a ring over {@link #MAX_CAPACITY} or a CPU below -1
     * @throws IllegalStateException if the native thread did not start (e.g. the CPU is offline)
     */
    public static CaptureSource start(long intervalNs, int maxDelayMs, int pinCpu) {
        long capacity = ringCapacity(intervalNs, maxDelayMs);
        if (pinCpu < NO_PIN) {
            throw new IllegalArgumentException("pinCpu must be a CPU number or " + NO_PIN + ": " + pinCpu);
        }
        Arena arena = Arena.ofShared();
        try {
            CaptureSource source = new CaptureSource(arena, intervalNs, capacity);
            source.startThread(pinCpu);
            return source;
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /** Starts an unpinned source with a ring of {@link #DEFAULT_MAX_DELAY_MS}. */
    public static CaptureSource start(long intervalNs) {
        return start(intervalNs, DEFAULT_MAX_DELAY_MS, NO_PIN);
    }

    /**
     * Entries of the ring for these values: {@code maxDelayMs * 1,000,000 / intervalNs}, at least 1.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static long ringCapacity(long intervalNs, int maxDelayMs) {
        if (intervalNs < MIN_INTERVAL_NS) {
            throw new IllegalArgumentException("intervalNs must be at least " + MIN_INTERVAL_NS + ": " + intervalNs);
        }
        if (maxDelayMs < 1) {
            throw new IllegalArgumentException("maxDelayMs must be at least 1: " + maxDelayMs);
        }
        long capacity = Math.max(1, maxDelayMs * 1_000_000L / intervalNs);
        if (capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("a ring of maxDelayMs " + maxDelayMs + " at intervalNs " + intervalNs
                    + " holds " + capacity + " entries, over " + MAX_CAPACITY);
        }
        return capacity;
    }

    private synchronized void startThread(int pinCpu) {
        // The hook first: a Ctrl-C from here on stops the thread (the hook waits for this monitor).
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            handle = ClockSourceLibrary.start(segment, pinCpu);
        } catch (RuntimeException | Error e) {
            removeShutdownHook();
            throw e;
        }
    }

    /** The ring the source writes; one consumer thread polls it. */
    public CaptureRing ring() {
        return ring;
    }

    /** Nanoseconds between ticks. */
    public long intervalNanos() {
        return intervalNs;
    }

    /** Whether the native thread runs: false once stopped or closed. */
    public synchronized boolean isRunning() {
        return handle != null;
    }

    /** Ticks generated so far, written or dropped: the packets sent. */
    public synchronized long ticks() {
        return closed ? ticksAtClose : ring.ticks();
    }

    /** Ticks dropped so far because the ring was full. */
    public synchronized long dropped() {
        return closed ? droppedAtClose : ring.dropped();
    }

    /**
     * Stops the native thread and waits for it to end; the ring stays readable (drain it) and the
     * counters final. Idempotent.
     */
    public synchronized void stop() {
        MemorySegment running = handle;
        if (running != null) {
            handle = null;
            stopFailed = true;
            ClockSourceLibrary.stop(running);
            stopFailed = false;
        }
    }

    /**
     * Stops the native thread, then frees the ring. Idempotent; the counters stay readable.
     * If the thread could not be joined the ring is left allocated rather than freed under it.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        stop();
        if (stopFailed) {
            return;
        }
        ticksAtClose = ring.ticks();
        droppedAtClose = ring.dropped();
        closed = true;
        arena.close();
        removeShutdownHook();
    }

    private void removeShutdownHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running, or about to: nothing to remove
        }
    }
}
