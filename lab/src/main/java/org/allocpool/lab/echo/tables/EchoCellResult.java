package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.echo.EchoCellFields;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.text.TableNotes;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * What one echo cell measured over its forks: the records that count, one per fork, and the figures
 * the tables and the verdict show, each made from every fork that measured. Immutable; safe to share.
 *
 * @param cell  the cell
 * @param forks its records, one per fork, in fork order (at least one)
 */
record EchoCellResult(EchoCellFields cell, List<LabRecord<EchoCellFields, EchoMetricsView>> forks)
        implements ForkedCell<EchoCellFields, EchoMetricsView> {

    /** Why a record written before the bench measured in rounds is not a clean figure. */
    static final String NOT_CHECKED = "measured in one window, not in rounds checked for a steady state";

    EchoCellResult {
        forks = List.copyOf(forks);
    }

    /**
     * Events/s over the forks: each fork's rounds that count, its median and its steady-state check;
     * {@code null} when no fork measured. A fork with no rounds (an older record) is one window that
     * was never checked, so not steady.
     */
    Figure eventsPerSecond() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<EchoMetricsView> fork : measuredForks()) {
            EchoMetricsView m = fork.metrics();
            RoundStatistics rounds = m.eventsPerSecondRounds();
            if (hasRounds(rounds)) {
                samples.add(ForkSample.checked(rounds.rounds(), rounds.median(), m.steadyState()).inPass(fork.pass()));
            } else if (m.eventsPerSecond() != null) {
                samples.add(new ForkSample(List.of(m.eventsPerSecond()), m.eventsPerSecond(), false, NOT_CHECKED).inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /**
     * The server's allocated bytes per event over the forks, from each fork's rounds that count (or its
     * one window); {@code null} when no fork measured. A count, not a race for the cores: steady by
     * nature, whatever the events/s did.
     */
    Figure allocBytesPerEvent() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<EchoMetricsView> fork : measuredForks()) {
            EchoMetricsView m = fork.metrics();
            RoundStatistics rounds = m.allocBytesPerEventRounds();
            if (hasRounds(rounds)) {
                samples.add(new ForkSample(rounds.rounds(), rounds.median(), true, "a count").inPass(fork.pass()));
            } else if (m.allocBytesPerEvent() != null) {
                samples.add(ForkSample.single(m.allocBytesPerEvent(), "a count").inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** The median over the forks that measured it of {@code figure} ({@code null} where a fork has none), or NaN. */
    double median(Function<EchoMetricsView, Double> figure) {
        double[] values = measured().stream().map(figure).filter(v -> v != null && !v.isNaN())
                .mapToDouble(Double::doubleValue).sorted().toArray();
        int n = values.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** {@code failed [n]} for a cell none of whose forks measured, with the first fork's reason as the note. */
    String failed(TableNotes notes) {
        return notes.failed(cell.label(), this);
    }

    /**
     * The marks after a figure: {@code [n]} when its events/s were not steady, and when one of its forks
     * failed (the figure then rests on the others); empty when neither.
     */
    String caveats(TableNotes notes) {
        Figure events = eventsPerSecond();
        return (events == null ? "" : notes.unsteady(cell.label(), events.steady(), events.reason()))
                + notes.failedForks(cell.label(), this);
    }

    private static boolean hasRounds(RoundStatistics rounds) {
        return rounds != null && rounds.rounds() != null && !rounds.rounds().isEmpty();
    }
}
