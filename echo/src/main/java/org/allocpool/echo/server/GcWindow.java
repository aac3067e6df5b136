package org.allocpool.echo.server;

/**
 * Garbage collections that started in a window of the server's clock. Immutable.
 *
 * @param sinceNs         window start, epoch nanoseconds (0: since the server started)
 * @param untilNs         window end, epoch nanoseconds (0: open)
 * @param count           collections
 * @param pauses          stop-the-world pauses (several per collection for ZGC and Shenandoah)
 * @param pauseTotalMs    their total
 * @param pauseMaxMs      the longest one
 * @param observedUntilNs JFR had delivered every collection that ended before this (epoch nanoseconds):
 *                        a window is complete once this passes its end
 */
public record GcWindow(long sinceNs, long untilNs, long count, long pauses, double pauseTotalMs, double pauseMaxMs,
                       long observedUntilNs) {
}
