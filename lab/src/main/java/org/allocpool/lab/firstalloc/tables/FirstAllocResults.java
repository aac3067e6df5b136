package org.allocpool.lab.firstalloc.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.allocpool.lab.firstalloc.FirstAllocCell;
import org.allocpool.lab.firstalloc.FirstAllocCellFields;
import org.allocpool.lab.firstalloc.FirstAllocMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The first-alloc cells one set of tables shows, each with its latest record per fork ({@link
 * LatestRecords}), in the lab's allocator order (names it does not know after, as met). Immutable once
 * built; thread-safe.
 */
final class FirstAllocResults {

    private final List<FirstAllocResult> all;

    FirstAllocResults(List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> records) {
        LatestRecords<FirstAllocCellFields, FirstAllocMetricsView> latest = new LatestRecords<>(
                records.stream().filter(r -> r.cell() != null).toList());
        List<FirstAllocResult> results = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> forks = latest.forks(key);
            results.add(new FirstAllocResult(forks.getLast().cell(), forks));
        }
        results.sort(Comparator.comparingInt(FirstAllocResults::order));
        this.all = List.copyOf(results);
    }

    /** Every cell, in table order. */
    List<FirstAllocResult> all() {
        return all;
    }

    /** The cells that measured, in table order. */
    List<FirstAllocResult> ok() {
        return all.stream().filter(FirstAllocResult::isOk).toList();
    }

    /** The first cell of {@code allocator} that measured, or {@code null}. */
    FirstAllocResult get(String allocator) {
        return ok().stream().filter(r -> allocator.equals(r.allocator())).findFirst().orElse(null);
    }

    /** The buffers counted per fork ("the first thousand"), from the first cell that says; 1000 when none does. */
    int count() {
        return all.stream().map(FirstAllocResult::count).filter(c -> c > 0).findFirst().orElse(1000);
    }

    private static int order(FirstAllocResult result) {
        int index = FirstAllocCell.ALLOCATORS.indexOf(result.allocator());
        return index < 0 ? FirstAllocCell.ALLOCATORS.size() : index;
    }
}
