package org.allocpool.metrics.gc;

/**
 * Garbage collections seen during a measured interval. Immutable; safe to share.
 *
 * @param count        collections that ended in the interval
 * @param pauseTotalMs sum of all stop-the-world pauses of those collections
 * @param pauseMaxMs   the longest single pause
 * @param pauseAvgMs   the average single pause ({@code pauseTotalMs / pauses}, 0 with none)
 * @param perSecond    collections per second of the interval
 * @param fraction     share of the interval spent in pauses, 0..1
 * @param pauses       stop-the-world pauses: one per collection for Serial, Parallel and G1 young
 *                     collections, several short ones per collection for ZGC and Shenandoah
 */
public record GcStatistics(long count, double pauseTotalMs, double pauseMaxMs, double pauseAvgMs,
                           double perSecond, double fraction, long pauses) {

    /** Derives the averages and rates from the raw sums over an interval of {@code elapsedNs}. */
    public static GcStatistics of(long count, long pauses, double pauseTotalMs, double pauseMaxMs, long elapsedNs) {
        double seconds = elapsedNs / 1e9;
        return new GcStatistics(count, pauseTotalMs, pauseMaxMs,
                pauses == 0 ? 0.0 : pauseTotalMs / pauses,
                seconds > 0 ? count / seconds : 0.0,
                seconds > 0 ? Math.min(1.0, pauseTotalMs / 1e3 / seconds) : 0.0, pauses);
    }
}
