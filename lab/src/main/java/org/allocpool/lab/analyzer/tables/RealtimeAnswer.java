package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.text.Numbers;

/**
 * What a real-time cell answers over its forks, in the article's words: the smallest loss-free
 * interval ({@code 230}; {@code 230 (220-240)} when the forks' searches differ, the figure being their
 * median), or the loss where even the widest interval lost packets in some fork ({@code lost: 4.4%},
 * the worst fork's); for runs at one fixed interval, the loss there ({@code no loss},
 * {@code lost: 0.6%}). Immutable.
 *
 * @param interval    the forks' smallest loss-free intervals, or {@code null} when a fork lost even at
 *                    the widest interval, or for a fixed interval
 * @param lostPercent the worst loss: at the widest interval of a search, or at the fixed interval
 * @param search      whether the cell searched (else it measured one fixed interval)
 */
record RealtimeAnswer(Figure interval, Double lostPercent, boolean search) {

    /** The answer of {@code result}'s forks that measured, or {@code null} when none holds one. */
    static RealtimeAnswer of(CellResult result) {
        List<ForkSample> found = new ArrayList<>();
        Double worst = null;
        boolean search = false;
        for (ForkedCell.Measured<AnalyzerMetricsView> fork : result.measuredForks()) {
            AnalyzerMetricsView m = fork.metrics();
            AnalyzerMetricsView.Search s = m.search();
            if (s != null) {
                search = true;
                if (s.minIntervalNs() != null) {
                    found.add(ForkSample.single(s.minIntervalNs(), "a search").inPass(fork.pass()));
                } else if (s.lossPercentAtMax() != null) {
                    worst = worst == null ? s.lossPercentAtMax() : Math.max(worst, s.lossPercentAtMax());
                }
            } else if (m.realtime() != null && m.realtime().lossPercent() != null) {
                double loss = m.realtime().lost() != null && m.realtime().lost() == 0 ? 0 : m.realtime().lossPercent();
                worst = worst == null ? loss : Math.max(worst, loss);
            }
        }
        if (search) {
            return worst != null || found.isEmpty() ? new RealtimeAnswer(null, worst, true)
                    : new RealtimeAnswer(Figure.of(found), null, true);
        }
        return worst == null ? null : new RealtimeAnswer(null, worst, false);
    }

    /** Whether every fork found a loss-free interval. */
    boolean isLossFree() {
        return interval != null;
    }

    /** The table text: {@code 230}, {@code 230 (220-240)}, {@code lost: 4.4%}, {@code no loss}. */
    String text() {
        if (interval != null) {
            String median = Numbers.compact(interval.median());
            return interval.forksLow() == interval.forksHigh() ? median
                    : median + " (" + Numbers.compact(interval.forksLow()) + "-" + Numbers.compact(interval.forksHigh()) + ")";
        }
        if (lostPercent == null) {
            return "?";
        }
        return !search && lostPercent == 0 ? "no loss" : lost(lostPercent);
    }

    /** {@code lost: 4.4%}, {@code lost: 75%}, {@code lost: 0.0025%}. */
    static String lost(double percent) {
        return "lost: " + Numbers.lossPercent(percent) + "%";
    }

    /** The text of {@code result}'s answer, {@code ?} when it holds none. */
    static String text(CellResult result) {
        RealtimeAnswer answer = of(result);
        return answer == null ? "?" : answer.text();
    }
}
