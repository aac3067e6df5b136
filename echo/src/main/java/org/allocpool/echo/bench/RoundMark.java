package org.allocpool.echo.bench;

import org.HdrHistogram.Histogram;

/**
 * What the bench reads at the boundary of two rounds: the clients' totals since the start, the
 * round trips they completed since the previous boundary, and the server's counters from a STATS
 * answer. Two marks make a round ({@link BenchRounds.Round}). Immutable once made (the histogram is
 * not written again).
 *
 * @param ns              the bench's clock ({@link System#nanoTime()}) when the clients' figures were read
 * @param sent            events the clients sent since the start
 * @param received        echoes they received since the start
 * @param errors          error replies they received since the start
 * @param latency         round trips completed since the previous mark, nanoseconds
 * @param serverNowNs     the server's clock when it answered, epoch nanoseconds
 * @param serverEchoed    events the server echoed since it started
 * @param serverAllocated bytes the server's I/O threads allocated since it started
 */
record RoundMark(long ns, long sent, long received, long errors, Histogram latency, long serverNowNs,
                 long serverEchoed, long serverAllocated) {
}
