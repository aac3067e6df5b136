package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * What one analyzer cell measured over its forks: the records that count, one per fork, and the
 * figures the tables show, each made from every fork that measured. Immutable; safe to share.
 *
 * @param cell  the cell
 * @param forks its records, one per fork, in fork order (at least one)
 */
record CellResult(AnalyzerCellFields cell, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> forks)
        implements ForkedCell<AnalyzerCellFields, AnalyzerMetricsView> {

    CellResult {
        forks = List.copyOf(forks);
    }

    /** How tables and notes name the cell: {@code G1 pool A}, {@code cpp pool A}. */
    String label() {
        return cell.label();
    }

    /** The ns/packet figure over the forks that measured one, or {@code null} when none did. */
    Figure nsPerPacket() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<AnalyzerMetricsView> fork : measuredForks()) {
            AnalyzerMetricsView m = fork.metrics();
            RoundStatistics ns = m.nsPerPacket();
            if (ns == null) {
                continue;
            }
            List<Double> rounds = ns.rounds().isEmpty() ? List.of(ns.median()) : ns.rounds();
            samples.add(ForkSample.checked(rounds, forkNsPerPacket(m), m.steadyState()).inPass(fork.pass()));
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /**
     * One fork's ns/packet: its counted rounds' time over their packets, what one long round reads.
     * Not the median round: rounds of equal time that a long collection slows hold fewer packets, and
     * their median leans towards them (G1 {@code alloc} case C: rounds of 0.5 s alternating near 900
     * and 5,000 ns have a median of 2,600 ns where rounds of 10 M packets read 1,550). A record
     * written before it carried that figure has it too when its rounds were of equal packets (the
     * mean of its rounds, exactly); one whose rounds were of equal time has only its median round.
     */
    private double forkNsPerPacket(AnalyzerMetricsView m) {
        if (m.overallNsPerPacket() != null) {
            return m.overallNsPerPacket();
        }
        List<Double> rounds = m.nsPerPacket().rounds();
        boolean equalPackets = cell.roundMs() == null && !rounds.isEmpty();
        return equalPackets ? rounds.stream().mapToDouble(Double::doubleValue).average().orElseThrow()
                : m.nsPerPacket().median();
    }

    /** The median over the forks that measured GC of one GC figure, or NaN when none did (C++). */
    double gc(ToDoubleFunction<GcStatistics> figure) {
        return median(measured().stream().map(AnalyzerMetricsView::gc).filter(g -> g != null).mapToDouble(figure));
    }

    /** The median over the forks of the live objects after the run, or NaN. */
    double liveObjects() {
        return median(measured().stream().filter(m -> m.liveObjects() != null).mapToDouble(m -> m.liveObjects()));
    }

    /** The median over the forks of the allocated bytes per packet, or NaN. */
    double allocBytesPerPacket() {
        return median(measured().stream().filter(m -> m.allocBytesPerPacket() != null)
                .mapToDouble(AnalyzerMetricsView::allocBytesPerPacket));
    }

    /** Whether the forks that measured carry GC figures (Java cells do, C++ ones not). */
    boolean hasGc() {
        return measured().stream().anyMatch(m -> m.gc() != null);
    }

    private static double median(DoubleStream values) {
        double[] sorted = values.sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
