package org.allocpool.lab.messaging.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.messaging.MessagingCellFields;
import org.allocpool.lab.messaging.MessagingMetricsView;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * One messaging cell and its forks, with the figures the tables show: medians over the forks that
 * measured. Immutable.
 *
 * @param cell  the cell (of its first record)
 * @param forks its records, one per fork
 */
record MessagingCells(MessagingCellFields cell, List<LabRecord<MessagingCellFields, MessagingMetricsView>> forks)
        implements ForkedCell<MessagingCellFields, MessagingMetricsView> {

    /** The cells among {@code records}, in the order first met. */
    static List<MessagingCells> of(List<LabRecord<MessagingCellFields, MessagingMetricsView>> records) {
        LatestRecords<MessagingCellFields, MessagingMetricsView> latest = new LatestRecords<>(records);
        List<MessagingCells> cells = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<MessagingCellFields, MessagingMetricsView>> forks = latest.forks(key);
            cells.add(new MessagingCells(forks.getFirst().cell(), forks));
        }
        return List.copyOf(cells);
    }

    /** The median over the forks of a figure, {@code null} when none has it. */
    Double median(Function<MessagingMetricsView, ? extends Number> figure) {
        double[] values = measured().stream().map(figure).filter(v -> v != null).mapToDouble(Number::doubleValue).sorted().toArray();
        if (values.length == 0) {
            return null;
        }
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** The lowest and highest over the forks of a figure, or {@code null} with fewer than two forks. */
    double[] range(Function<MessagingMetricsView, ? extends Number> figure) {
        double[] values = measured().stream().map(figure).filter(v -> v != null).mapToDouble(Number::doubleValue).sorted().toArray();
        return values.length < 2 ? null : new double[] {values[0], values[values.length - 1]};
    }

    /**
     * Messages per second decoded, over the forks: each fork's timed rounds, their median and its
     * steady-state check, in its pass; {@code null} when no fork has rounds.
     */
    Figure messagesPerSecond() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<MessagingMetricsView> fork : measuredForks()) {
            MessagingMetricsView m = fork.metrics();
            if (m.messagesPerSecondRounds() != null && !m.messagesPerSecondRounds().rounds().isEmpty()) {
                samples.add(new ForkSample(m.messagesPerSecondRounds().rounds(), m.messagesPerSecondRounds().median(),
                        m.isSteady(), m.isSteady() ? "steady" : "not steady", fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** The sum over the forks of a count. */
    long sum(Function<MessagingMetricsView, Long> count) {
        return measured().stream().map(count).filter(v -> v != null).mapToLong(Long::longValue).sum();
    }

    /** Whether every fork that measured was steady. */
    boolean isSteady() {
        return !measured().isEmpty() && measured().stream().allMatch(MessagingMetricsView::isSteady);
    }

    /** Whether any fork says the subscriber was dropped or went away. */
    boolean anyDropped() {
        return measured().stream().anyMatch(m -> Boolean.TRUE.equals(m.subscriberDropped()));
    }

    /** Whether every fork decoded what was sent. */
    boolean digestsOk() {
        return measured().stream().allMatch(m -> Boolean.TRUE.equals(m.digestOk()));
    }

    @Override
    public String toString() {
        return cell.label() + " " + Arrays.toString(forks.toArray());
    }
}
