package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.jmh.JmhMetricsView;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.stats.SteadyState;

/**
 * One jmh cell over the lab's passes: its score as a {@link Figure} (each pass one sample, its rounds JMH's
 * measurement iterations, its figure JMH's score), with the interval across passes, and the medians over
 * passes of what {@code -prof gc} measured. A pass is steady when each of its JMH forks with at least
 * {@link SteadyState#MIN_ROUNDS} iterations passes the lab's steady-state check; fewer iterations are not
 * checked (JMH's warm-up is trusted). Immutable.
 *
 * @param cell  the cell
 * @param forks its records, one per pass, in pass order
 */
public record JmhCellResult(JmhCellFields cell, List<LabRecord<JmhCellFields, JmhMetricsView>> forks)
        implements ForkedCell<JmhCellFields, JmhMetricsView> {

    public JmhCellResult {
        forks = List.copyOf(forks);
    }

    /** The score over the passes that measured, or {@code null} when none did. */
    public Figure score() {
        List<ForkSample> samples = new ArrayList<>();
        for (Measured<JmhMetricsView> pass : measuredForks()) {
            ForkSample sample = sample(pass.metrics());
            if (sample != null) {
                samples.add(sample.inPass(pass.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** The score's interval across passes, or {@code null} when no pass measured. */
    public ScoreInterval interval() {
        Figure score = score();
        return score == null ? null : ScoreInterval.of(score);
    }

    /** The unit JMH gave, e.g. {@code ns/op}; empty when no pass measured. */
    public String unit() {
        return measured().stream().map(JmhMetricsView::unit).filter(u -> u != null).findFirst().orElse("");
    }

    /** JMH's mode, e.g. {@code avgt}; empty when no pass measured. */
    public String mode() {
        return measured().stream().map(JmhMetricsView::mode).filter(m -> m != null).findFirst().orElse("");
    }

    /** Whether a higher score is better (throughput). */
    public boolean higherIsBetter() {
        return "thrpt".equals(mode());
    }

    /** Heap bytes allocated per operation, median over passes. */
    public double allocBytesPerOp() {
        return median(m -> m.allocBytesPerOp() == null ? 0 : m.allocBytesPerOp());
    }

    /** Collections during one pass's measurement, all JMH forks, median over passes. */
    public double gcCount() {
        return median(m -> m.gcCount() == null ? 0 : m.gcCount());
    }

    /** The collectors' time during one pass's measurement, ms, median over passes. */
    public double gcTimeMs() {
        return median(m -> m.gcTimeMs() == null ? 0 : m.gcTimeMs());
    }

    private double median(ToDoubleFunction<JmhMetricsView> metric) {
        double[] values = measured().stream().mapToDouble(metric).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int mid = values.length / 2;
        return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }

    private static ForkSample sample(JmhMetricsView metrics) {
        if (metrics.score() == null) {
            return null;
        }
        List<Double> rounds = new ArrayList<>();
        boolean steady = true;
        String reason = "steady";
        List<List<Double>> forks = metrics.iterations() == null ? List.of() : metrics.iterations();
        for (int f = 0; f < forks.size(); f++) {
            List<Double> iterations = forks.get(f);
            rounds.addAll(iterations);
            if (steady && iterations.size() >= SteadyState.MIN_ROUNDS) {
                SteadyState check = SteadyState.of(iterations.stream().mapToDouble(Double::doubleValue).toArray());
                if (!check.steady()) {
                    steady = false;
                    reason = "JMH fork " + (f + 1) + ": " + check.reason();
                }
            }
        }
        if (rounds.isEmpty()) {
            rounds.add(metrics.score());
        }
        return new ForkSample(rounds, metrics.score(), steady, reason);
    }
}
