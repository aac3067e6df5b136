package org.allocpool.analyzer.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native source runs on a thread of its own, and these tests spin until it has ticked: every
 * spin gives up at a {@link Deadline} and fails the test, which then stops the source (the tests
 * that start one are also bounded by a {@code @Timeout}, in case a spin is missed).
 */
class CaptureSourceTest {

    /**
     * How long a test may wait for the source: it ticks within milliseconds on a quiet machine, and a
     * loaded 2-core one may keep its thread off the CPU for seconds; a minute means it has stopped.
     */
    private static final Duration WAIT = Duration.ofMinutes(1);

    /** The end of the waits of one test: past it, a spin fails the test instead of going on. */
    private record Deadline(long endNanos) {

        static Deadline afterWait() {
            return new Deadline(System.nanoTime() + WAIT.toNanos());
        }

        boolean isPast() {
            return System.nanoTime() - endNanos > 0;
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldCountLostPacketsExactlyAsTheSourceDroppedThem() {
        LossCounter counter = new LossCounter();
        long dropsDuringStall;
        long lostInGapsBeforeEnd;
        Deadline deadline = Deadline.afterWait();
        try (CaptureSource source = CaptureSource.start(10_000, 1, CaptureSource.NO_PIN)) {
            CaptureRing ring = source.ring();
            assertEquals(100, ring.capacity());
            // Stall: read nothing until the source has made ten rings' worth of ticks.
            long stallTicks = 10 * ring.capacity();
            while (source.ticks() < stallTicks) {
                if (deadline.isPast()) {
                    fail("the source made " + source.ticks() + " of " + stallTicks + " ticks in "
                            + WAIT.toSeconds() + " s");
                }
                Thread.onSpinWait();
            }
            dropsDuringStall = source.dropped();
            assertTrue(dropsDuringStall > 0, "a stall of " + stallTicks + " ticks over " + ring.capacity()
                    + " entries must drop");
            // Drain until a tick from after the stall shows up: every drop of the stall is now a gap.
            long sequence;
            do {
                sequence = ring.poll();
                if (sequence >= 0) {
                    counter.onSequence(sequence);
                } else if (deadline.isPast()) {
                    fail("no tick from after the stall (" + stallTicks + ") in " + WAIT.toSeconds()
                            + " s; ticks made: " + source.ticks());
                }
            } while (sequence < stallTicks);
            lostInGapsBeforeEnd = counter.lost();
            source.stop();
            while ((sequence = ring.poll()) >= 0) {
                counter.onSequence(sequence);
            }
            counter.onEndOfStream(source.ticks());

            assertTrue(lostInGapsBeforeEnd >= dropsDuringStall,
                    "gaps " + lostInGapsBeforeEnd + " < drops during the stall " + dropsDuringStall);
            assertEquals(source.dropped(), counter.lost());
            assertEquals(source.ticks(), counter.received() + counter.lost());
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldLoseNothingWhenTheConsumerKeepsUp() {
        Deadline deadline = Deadline.afterWait();
        // A ring of 1 s, not the default 100 ms: on a loaded 2-core machine (CI, parallel builds) the
        // OS can keep the consumer off the CPU for over 100 ms, and this test is about the ring, not the scheduler.
        try (CaptureSource source = CaptureSource.start(20_000, 1_000, CaptureSource.NO_PIN)) {
            CaptureRing ring = source.ring();
            LossCounter counter = new LossCounter();
            long halfSecondOfTicks = 500_000_000L / source.intervalNanos();
            while (counter.received() < halfSecondOfTicks) {
                long sequence = ring.poll();
                if (sequence >= 0) {
                    counter.onSequence(sequence);
                } else if (deadline.isPast()) {
                    fail("received " + counter.received() + " of " + halfSecondOfTicks + " ticks in "
                            + WAIT.toSeconds() + " s");
                }
            }
            source.stop();
            for (long sequence; (sequence = ring.poll()) >= 0; ) {
                counter.onSequence(sequence);
            }
            counter.onEndOfStream(source.ticks());

            assertEquals(0, source.dropped());
            assertEquals(0, counter.lost());
            assertEquals(source.ticks(), counter.received());
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldHandEveryTickOnceAndInOrderWhenClaimedInBatches() {
        Deadline deadline = Deadline.afterWait();
        try (CaptureSource source = CaptureSource.start(20_000, 1_000, CaptureSource.NO_PIN)) {
            CaptureRing ring = source.ring();
            LossCounter counter = new LossCounter();
            long firstDue = -1; // when tick 0 was due: tick k is due k intervals later, exactly
            int largestClaim = 0;
            while (counter.received() < 5_000) {
                int claimed = ring.claim(7);
                assertTrue(claimed >= 0 && claimed <= 7, "a claim of at most 7 counted " + claimed);
                largestClaim = Math.max(largestClaim, claimed);
                for (int k = 0; k < claimed; k++) {
                    long sequence = ring.next();
                    assertEquals(counter.expected(), sequence, "ticks in order, none skipped while it keeps up");
                    counter.onSequence(sequence);
                    if (sequence == 0) {
                        firstDue = ring.lastScheduledNanos();
                    }
                    assertEquals(firstDue + sequence * source.intervalNanos(), ring.lastScheduledNanos(),
                            "each claimed tick carries its own due time, tick " + sequence);
                }
                if (claimed == 0 && deadline.isPast()) {
                    fail("received " + counter.received() + " of 5000 ticks in " + WAIT.toSeconds() + " s");
                }
            }
            source.stop();
            // what is left after the stop, claimed in chunks the size of the ring's remainder
            for (int claimed; (claimed = ring.claim(1_000)) > 0; ) {
                for (int k = 0; k < claimed; k++) {
                    counter.onSequence(ring.next());
                }
            }
            counter.onEndOfStream(source.ticks());

            assertEquals(0, counter.lost());
            assertEquals(source.ticks(), counter.received());
            assertEquals(source.ticks(), ring.polled());
            assertEquals(-1, ring.poll(), "an empty ring polls -1");
            assertTrue(largestClaim >= 1, "claims took ticks");
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldHandEveryTickOnceAndInOrderWhenAClaimIsTakenAtOnce() {
        Deadline deadline = Deadline.afterWait();
        try (CaptureSource source = CaptureSource.start(20_000, 1_000, CaptureSource.NO_PIN)) {
            CaptureRing ring = source.ring();
            LossCounter counter = new LossCounter();
            long[] scheduled = new long[7];
            long firstDue = -1;
            while (counter.received() < 5_000) {
                int claimed = ring.claim(scheduled.length);
                if (claimed == 0) {
                    if (deadline.isPast()) {
                        fail("received " + counter.received() + " of 5000 ticks in " + WAIT.toSeconds() + " s");
                    }
                    continue;
                }
                long first = counter.expected();
                long last = ring.next(claimed, scheduled);
                assertEquals(first + claimed - 1, last, "the claim's last tick, none skipped while it keeps up");
                counter.onSequences(last, claimed);
                if (first == 0) {
                    firstDue = scheduled[0];
                }
                for (int k = 0; k < claimed; k++) {
                    assertEquals(firstDue + (first + k) * source.intervalNanos(), scheduled[k],
                            "each tick of the claim carries its own due time, tick " + (first + k));
                }
                assertEquals(scheduled[claimed - 1], ring.lastScheduledNanos());
            }
            source.stop();
            long[] rest = new long[1_000];
            for (int claimed; (claimed = ring.claim(rest.length)) > 0; ) {
                counter.onSequences(ring.next(claimed, rest), claimed);
            }
            counter.onEndOfStream(source.ticks());

            assertEquals(0, counter.lost());
            assertEquals(source.ticks(), counter.received());
            assertEquals(source.ticks(), ring.polled());
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldStampTicksWithTheScheduleOnTheJavaVisibleClock() {
        Deadline deadline = Deadline.afterWait();
        try (CaptureSource source = CaptureSource.start(1_000)) {
            CaptureRing ring = source.ring();
            long previous = -1;
            for (int received = 0; received < 1000; ) {
                long sequence = ring.poll();
                if (sequence < 0) {
                    if (deadline.isPast()) {
                        fail("received " + received + " of 1000 ticks in " + WAIT.toSeconds() + " s");
                    }
                    continue;
                }
                long scheduled = ring.lastScheduledNanos();
                assertTrue(scheduled <= ClockSourceLibrary.nowNanos(), "scheduled in the future: " + scheduled);
                if (previous >= 0) {
                    assertTrue(scheduled > previous, "schedule went back: " + previous + " then " + scheduled);
                }
                previous = scheduled;
                received++;
            }
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldLeaveNoNativeThreadAfterTheProcessorThrows() {
        var failure = assertThrows(IllegalStateException.class, () -> {
            try (CaptureSource source = CaptureSource.start(1_000, 1, CaptureSource.NO_PIN)) {
                assertTrue(source.isRunning());
                assertTrue(threadNames().contains(ClockSourceLibrary.THREAD_NAME), threadNames().toString());
                throw new IllegalStateException("processor failed");
            }
        });
        assertEquals("processor failed", failure.getMessage());
        assertEquals(0, ClockSourceLibrary.liveThreads());
        assertFalse(threadNames().contains(ClockSourceLibrary.THREAD_NAME), threadNames().toString());
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldStopAndCloseIdempotently() {
        Deadline deadline = Deadline.afterWait();
        CaptureSource source = CaptureSource.start(10_000, 1, CaptureSource.NO_PIN);
        try {
            while (source.ticks() < 10) {
                if (deadline.isPast()) {
                    fail("the source made " + source.ticks() + " of 10 ticks in " + WAIT.toSeconds() + " s");
                }
                Thread.onSpinWait();
            }
            source.stop();
            source.stop();
            assertFalse(source.isRunning());
            long ticks = source.ticks();
            long dropped = source.dropped();
            source.close();
            source.close();
            source.stop();
            assertEquals(ticks, source.ticks());
            assertEquals(dropped, source.dropped());
            assertEquals(0, ClockSourceLibrary.liveThreads());
            assertThrows(IllegalStateException.class, source.ring()::poll);
        } finally {
            source.close(); // frees the source if the test failed before its own closes; idempotent, as checked
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldPollWithoutAllocating() {
        try (CaptureSource source = CaptureSource.start(1_000)) {
            CaptureRing ring = source.ring();
            LossCounter counter = new LossCounter();
            // warm up: linkage and JIT allocate at first; and go on until the source thread has run,
            // which a loaded machine may delay by seconds (bounded: the test fails below if it never does)
            long deadline = System.nanoTime() + 30_000_000_000L;
            for (int round = 0; round < 5 || (counter.received() == 0 && System.nanoTime() < deadline); round++) {
                pollAndCount(ring, counter, 200_000);
            }
            // A poll that allocated would do so in every round; one clean round of 200,000 proves it does not.
            long fewest = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                long before = AllocationCounter.currentThreadAllocatedBytes();
                pollAndCount(ring, counter, 200_000);
                fewest = Math.min(fewest, AllocationCounter.currentThreadAllocatedBytes() - before);
            }
            assertEquals(0, fewest, "bytes allocated by 200,000 polls");
            assertTrue(counter.received() > 0);
        }
    }

    private static void pollAndCount(CaptureRing ring, LossCounter counter, int polls) {
        for (int i = 0; i < polls; i++) {
            long sequence = ring.poll();
            if (sequence >= 0) {
                counter.onSequence(sequence);
            }
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldTickWhenPinnedToAnAllowedCpu() {
        int cpu = firstAllowedCpu();
        Deadline deadline = Deadline.afterWait();
        try (CaptureSource source = CaptureSource.start(10_000, 1, cpu)) {
            while (source.ring().poll() < 10) {
                if (deadline.isPast()) {
                    fail("no tick past the tenth in " + WAIT.toSeconds() + " s from a source pinned to CPU " + cpu);
                }
                Thread.onSpinWait();
            }
        }
        assertEquals(0, ClockSourceLibrary.liveThreads());
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldPinTheCallingThread() throws InterruptedException {
        int cpu = firstAllowedCpu();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread processor = new Thread(() -> {
            try {
                ClockSourceLibrary.pinCurrentThread(cpu);
                var e = assertThrows(IllegalArgumentException.class, () -> ClockSourceLibrary.pinCurrentThread(1023));
                assertTrue(e.getMessage().contains("1023"), e.getMessage());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        processor.start();
        assertTrue(processor.join(WAIT), "the pinned thread did not end in " + WAIT.toSeconds() + " s");
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, -20_000, 9})
    void shouldRejectAnIntervalBelowTenNanoseconds(long intervalNs) {
        var e = assertThrows(IllegalArgumentException.class,
                () -> CaptureSource.start(intervalNs, CaptureSource.DEFAULT_MAX_DELAY_MS, CaptureSource.NO_PIN));
        assertTrue(e.getMessage().contains(": " + intervalNs), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, -100})
    void shouldRejectAMaxDelayBelowOneMillisecond(int maxDelayMs) {
        var e = assertThrows(IllegalArgumentException.class,
                () -> CaptureSource.start(1_000, maxDelayMs, CaptureSource.NO_PIN));
        assertTrue(e.getMessage().contains(": " + maxDelayMs), e.getMessage());
    }

    @Test
    void shouldRejectACpuBelowNoPin() {
        var e = assertThrows(IllegalArgumentException.class, () -> CaptureSource.start(1_000, 1, -2));
        assertTrue(e.getMessage().contains("-2"), e.getMessage());
    }

    @Test
    void shouldSizeTheRingToMaxDelayOfTicksAndAtLeastOne() {
        assertEquals(100, CaptureSource.ringCapacity(10_000, 1));
        assertEquals(100_000, CaptureSource.ringCapacity(1_000, 100));
        assertEquals(1, CaptureSource.ringCapacity(5_000_000, 1));
        assertThrows(IllegalArgumentException.class, () -> CaptureSource.ringCapacity(10, 60_000));
    }

    private static List<String> threadNames() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.map(task -> {
                try {
                    return Files.readString(task.resolve("comm")).strip();
                } catch (IOException e) {
                    return ""; // the thread ended while we listed
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first CPU this process may run on, from /proc/self/status (a container may not allow CPU 0). */
    private static int firstAllowedCpu() {
        try {
            String allowed = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("Cpus_allowed_list:"))
                    .findFirst().orElseThrow()
                    .substring("Cpus_allowed_list:".length()).strip();
            return Integer.parseInt(allowed.split("[,-]")[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
