package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.echo.EchoCellFields;
import org.allocpool.lab.echo.EchoMatrix;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The echo cells of a run that one set of tables shows, each with its latest record per fork
 * ({@link LatestRecords}), found by the cell's identity ({@link EchoCellFields#key()}). Answers
 * what the tables iterate over: collectors in the lab's order (names it does not know after, as
 * met), events and buffer strategies in the matrix's order, client counts ascending, reuse before
 * copy. Immutable once built; thread-safe.
 */
final class EchoCells {

    private final Map<String, EchoCellResult> byKey = new LinkedHashMap<>();

    EchoCells(List<LabRecord<EchoCellFields, EchoMetricsView>> records) {
        LatestRecords<EchoCellFields, EchoMetricsView> latest = new LatestRecords<>(
                records.stream().filter(r -> r.cell() != null).toList());
        for (String key : latest.keys()) {
            List<LabRecord<EchoCellFields, EchoMetricsView>> forks = latest.forks(key);
            byKey.put(key, new EchoCellResult(forks.getLast().cell(), forks));
        }
    }

    /** Every cell, in the order first met. */
    List<EchoCellResult> all() {
        return List.copyOf(byKey.values());
    }

    /** The cell {@code gc, buffers, copy, event, clients}, or {@code null} when it was not run. */
    EchoCellResult get(String gc, String buffers, boolean copy, String event, int clients) {
        return byKey.get(EchoCellFields.of(gc, buffers, copy, event, clients).key());
    }

    /** Collectors, in the lab's order. */
    List<String> collectors() {
        List<String> labels = new ArrayList<>();
        for (Collector c : Collector.values()) {
            labels.add(c.label());
        }
        return ordered(cells(null, null).stream().map(EchoCellFields::gc).toList(), labels);
    }

    /** Events run under {@code gc}, in the matrix's order (unknown ones after, as met). */
    List<String> events(String gc) {
        return ordered(cells(gc, null).stream().map(EchoCellFields::event).toList(), EchoMatrix.EVENTS);
    }

    /** Buffer strategies run under {@code gc} for {@code event}, in the matrix's order. */
    List<String> buffers(String gc, String event) {
        return ordered(cells(gc, event).stream().map(EchoCellFields::buffers).toList(), EchoMatrix.BUFFERS);
    }

    /** Client counts run under {@code gc} for {@code event}, ascending. */
    List<Integer> clients(String gc, String event) {
        return List.copyOf(new TreeSet<>(cells(gc, event).stream().map(EchoCellFields::clientCount).toList()));
    }

    /** Copy-per-event values run under {@code gc} for {@code event}: {@code false} (reuse) before {@code true}. */
    List<Boolean> copies(String gc, String event) {
        return List.copyOf(new TreeSet<>(cells(gc, event).stream().map(EchoCellFields::isCopy).toList()));
    }

    private List<EchoCellFields> cells(String gc, String event) {
        return byKey.values().stream().map(EchoCellResult::cell)
                .filter(c -> (gc == null || gc.equals(c.gc())) && (event == null || event.equals(c.event()))).toList();
    }

    private static List<String> ordered(List<String> names, List<String> order) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(names.stream().map(n -> Objects.requireNonNullElse(n, ""))
                .toList()));
        Function<String, Integer> rank = n -> order.contains(n) ? order.indexOf(n) : order.size();
        sorted.sort(Comparator.comparing(rank));
        return List.copyOf(sorted);
    }
}
