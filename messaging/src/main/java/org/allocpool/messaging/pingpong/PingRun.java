package org.allocpool.messaging.pingpong;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * One ping-pong run over a {@link RoundTrip}: a warm-up, then timed rounds, one ping in flight at a time,
 * either back to back ({@code rate} 0: the highest rate) or at a fixed rate. At a fixed rate each ping has
 * an intended send time on the schedule, and its latency is counted from that time: a pong that comes
 * late delays the next pings, and their wait shows in the figures (coordinated omission corrected, as
 * HdrHistogram's author advises); the latency from the actual send is kept beside it. A pong not back
 * within {@link #LOSS_TIMEOUT} is counted lost. Records into preallocated histograms: the loop allocates
 * nothing, and the bytes it did allocate are measured. Confined to one thread.
 */
final class PingRun {

    static final Duration LOSS_TIMEOUT = Duration.ofSeconds(1);
    private static final long HIGHEST = Duration.ofSeconds(60).toNanos();

    private PingRun() {
    }

    /** What a run measured. Latencies in ns. */
    record Result(Histogram corrected, Histogram uncorrected, long roundTrips, long lost, List<Double> roundRates,
                  Double allocBytesPerRoundTrip) {
    }

    static Result run(RoundTrip transport, long rate, Duration warmup, Duration roundTime, int rounds) {
        Histogram corrected = new Histogram(HIGHEST, 3);
        Histogram uncorrected = new Histogram(HIGHEST, 3);
        long interval = rate > 0 ? 1_000_000_000L / rate : 0;
        long lossNs = LOSS_TIMEOUT.toNanos();
        long start = System.nanoTime();
        long boundary = start + warmup.toNanos();
        long roundNs = roundTime.toNanos();
        double[] rates = new double[rounds];
        int round = -1;
        long roundStart = 0;
        long counted = 0;
        long lost = 0;
        long firstAlloc = 0;
        long lastAlloc = 0;
        long sequence = 0;
        long next = start;
        while (round < rounds) {
            long now = System.nanoTime();
            if (interval > 0) {
                while (now < next) {
                    Thread.yield();
                    now = System.nanoTime();
                }
            }
            long intended = interval > 0 ? next : now;
            while (!transport.send(sequence)) {
                Thread.onSpinWait();
            }
            long sent = System.nanoTime();
            long answer;
            long arrived;
            do {
                answer = transport.poll();
                arrived = System.nanoTime();
                if (answer == RoundTrip.NONE) {
                    Thread.yield();
                }
            } while (answer != sequence && arrived - sent < lossNs);
            if (answer == sequence) {
                // recorded in the warm-up too (and reset when it ends): a recording first made in the timed
                // rounds was compiled there, and at a fixed rate the compiler's stall showed as 15-25 ms
                corrected.recordValue(Math.min(HIGHEST, arrived - intended));
                uncorrected.recordValue(Math.min(HIGHEST, arrived - sent));
                counted++;
            } else if (round >= 0) {
                lost++;
            }
            sequence++;
            next += interval;
            if (arrived >= boundary) {
                if (round < 0) {
                    firstAlloc = AllocationCounter.currentThreadAllocatedBytes();
                    corrected.reset();
                    uncorrected.reset();
                    counted = 0;
                } else {
                    rates[round] = (counted - roundStart) * 1e9 / (arrived - boundary + roundNs);
                    lastAlloc = AllocationCounter.currentThreadAllocatedBytes();
                }
                round++;
                roundStart = counted;
                boundary = arrived + roundNs;
            }
        }
        List<Double> roundRates = new ArrayList<>();
        for (double r : rates) {
            roundRates.add(r);
        }
        return new Result(corrected, uncorrected, counted, lost, roundRates,
                counted == 0 ? null : (double) (lastAlloc - firstAlloc) / counted);
    }
}
