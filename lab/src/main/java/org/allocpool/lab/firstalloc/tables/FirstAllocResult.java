package org.allocpool.lab.firstalloc.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.firstalloc.FirstAllocCellFields;
import org.allocpool.lab.firstalloc.FirstAllocMetricsView;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;

/**
 * What one allocator measured over its fresh JVMs: the records that count, one per fork, and the spreads
 * the tables show. Times in milliseconds unless named otherwise. Immutable; safe to share.
 *
 * @param cell  the cell
 * @param forks its records, one per fork, in fork order (at least one)
 */
record FirstAllocResult(FirstAllocCellFields cell, List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> forks)
        implements ForkedCell<FirstAllocCellFields, FirstAllocMetricsView> {

    /** Why a fork's first buffer is one sample with nothing to check: it happens once per JVM. */
    static final String ONCE = "one first allocation per JVM";

    FirstAllocResult {
        forks = List.copyOf(forks);
    }

    /** The allocator's name. */
    String allocator() {
        return String.valueOf(cell.allocator());
    }

    /** Buffers per fork. */
    int count() {
        return cell.count() == null ? 0 : cell.count();
    }

    Spread firstBufferMs() {
        return spread(m -> ms(m.firstBufferNs()));
    }

    Spread openMs() {
        return spread(m -> ms(m.openNs()));
    }

    Spread allBuffersMs() {
        return spread(m -> ms(m.allBuffersNs()));
    }

    Spread laterNs() {
        return spread(FirstAllocMetricsView::laterNsPerBuffer);
    }

    Spread startToReadyMs() {
        return spread(m -> m.startToReadyMs() == null ? null : m.startToReadyMs().doubleValue());
    }

    Spread classesFirstBuffer() {
        return spread(m -> number(m.classesFirstBuffer()));
    }

    Spread classesAllBuffers() {
        return spread(m -> number(m.classesAllBuffers()));
    }

    Spread heapBytesFirstBuffer() {
        return spread(m -> number(m.heapBytesFirstBuffer()));
    }

    Spread heapBytesAllBuffers() {
        return spread(m -> number(m.heapBytesAllBuffers()));
    }

    Spread directBytes() {
        return spread(m -> number(m.directBytes()));
    }

    /**
     * The first buffer's time as the lab's figures carry it ({@code lab compare}): one sample per fork, its
     * median, the middle half of the forks and their range; {@code null} when no fork measured.
     */
    Figure firstBufferFigure() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<FirstAllocMetricsView> fork : measuredForks()) {
            FirstAllocMetricsView m = fork.metrics();
            if (m.firstBufferNs() != null) {
                samples.add(ForkSample.single(m.firstBufferNs() / 1e6, ONCE).inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** The spread of {@code value} over the forks that measured it, or {@code null} when none did. */
    Spread spread(Function<FirstAllocMetricsView, Double> value) {
        List<Double> values = new ArrayList<>();
        for (FirstAllocMetricsView m : measured()) {
            Double v = value.apply(m);
            if (v != null && Double.isFinite(v)) {
                values.add(v);
            }
        }
        return Spread.of(values);
    }

    private static Double ms(Long ns) {
        return ns == null ? null : ns / 1e6;
    }

    private static Double number(Long value) {
        return value == null ? null : value.doubleValue();
    }
}
