package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.allocrate.AllocRateCellFields;
import org.allocpool.lab.allocrate.AllocRateMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * What one alloc-rate cell measured over its forks, and the figures the tables, verdict and charts show,
 * each made from every fork that measured. Immutable.
 *
 * @param cell  the cell
 * @param forks its records, one per fork, in fork order (at least one)
 */
record AllocRateResult(AllocRateCellFields cell, List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> forks)
        implements ForkedCell<AllocRateCellFields, AllocRateMetricsView> {

    AllocRateResult {
        forks = List.copyOf(forks);
    }

    /** Events/s of all threads over the forks: each fork's rounds that count, their median, its steady-state check; {@code null} when none measured. */
    Figure eventsPerSecond() {
        return rates(1);
    }

    /** Events/s per thread: {@link #eventsPerSecond()} over the threads. */
    Figure eventsPerSecondPerThread() {
        return rates(Math.max(1, cell.threadCount()));
    }

    /** Allocated bytes per event over the forks, from each fork's rounds: a count, steady by nature; {@code null} when none measured. */
    Figure allocBytesPerEvent() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<AllocRateMetricsView> fork : measuredForks()) {
            AllocRateMetricsView m = fork.metrics();
            RoundStatistics rounds = m.allocBytesPerEventRounds();
            if (rounds != null && !rounds.rounds().isEmpty()) {
                samples.add(new ForkSample(rounds.rounds(), rounds.median(), true, "a count").inPass(fork.pass()));
            } else if (m.allocBytesPerEvent() != null) {
                samples.add(ForkSample.single(m.allocBytesPerEvent(), "a count").inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /**
     * The whole JVM's CPU ns per event over the forks, from each fork's rounds, with their own steady-state
     * check; {@code null} when none measured it.
     */
    Figure cpuNsPerEvent() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<AllocRateMetricsView> fork : measuredForks()) {
            AllocRateMetricsView m = fork.metrics();
            RoundStatistics rounds = m.cpuNsPerEventRounds();
            if (rounds != null && !rounds.rounds().isEmpty() && rounds.rounds().stream().allMatch(r -> r > 0)) {
                samples.add(ForkSample.checked(rounds.rounds(), rounds.median(), null).inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** The median over the forks that measured it of {@code figure}, or NaN. */
    double median(Function<AllocRateMetricsView, Double> figure) {
        double[] values = measured().stream().map(figure).filter(v -> v != null && !v.isNaN())
                .mapToDouble(Double::doubleValue).sorted().toArray();
        int n = values.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** Whether its events/s are a clean figure: measured and steady. */
    boolean isSteady() {
        Figure f = eventsPerSecond();
        return f != null && f.steady();
    }

    /** {@code failed [n]} for a cell none of whose forks measured. */
    String failed(TableNotes notes) {
        return notes.failed(cell.label(), this);
    }

    /** The marks after a figure: not steady, a fork failed; empty when neither. */
    String caveats(TableNotes notes) {
        Figure events = eventsPerSecond();
        return (events == null ? "" : notes.unsteady(cell.label(), events.steady(), events.reason()))
                + notes.failedForks(cell.label(), this);
    }

    private Figure rates(int divisor) {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<AllocRateMetricsView> fork : measuredForks()) {
            AllocRateMetricsView m = fork.metrics();
            RoundStatistics rounds = m.eventsPerSecondRounds();
            if (rounds != null && !rounds.rounds().isEmpty()) {
                List<Double> each = rounds.rounds().stream().map(r -> r / divisor).toList();
                samples.add(ForkSample.checked(each, rounds.median() / divisor, m.steadyState()).inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }
}
