package org.allocpool.lab.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.lab.gauge.GaugeLimit;
import org.allocpool.lab.gauge.GaugeReading;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.ScheduleFields;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.metrics.result.RecordJson;

/**
 * Runs the forks of one pass after another for {@link LabRunner}: each cell's fork of that pass, in
 * the pass's random order, with the host gauge read before and after it and the host's state as it
 * starts; each record is appended as soon as its fork ends, with where it ran in the schedule
 * ({@code pass}: number, position, cells in the pass, seed, the cell before it), the gauge
 * ({@code gauge}: before, after, how far each figure moved) and the host ({@code host}). A fork during
 * which the gauge moved beyond {@link GaugeLimit#DEFAULT} is run again, at most {@link #MAX_RERUNS}
 * times; each record is kept, the later replacing the earlier in the tables, and says how many times it ran.
 * Not thread-safe: the lab's main thread only.
 *
 * @param <C> the experiment's cells
 * @param <F> their fields
 * @param <M> their metrics
 */
final class Passes<C extends LabCell<F>, F extends CellFields, M> {

    /** How far the host gauge may move between a fork's before and after readings before the fork is run again. */
    static final GaugeLimit RERUN_LIMIT = GaugeLimit.DEFAULT;
    /** How many times one fork is run again at most after the gauge moved. */
    static final int MAX_RERUNS = 1;

    private final Experiment<C, F, M> experiment;
    private final RunOptions options;
    private final ResultsFolder folder;
    private final ProgressLine line;
    private final PassOrder order;
    private final ForkGauge gauge;
    private final ForkRunner forks;
    private final Map<String, Duration> spentByCell = new HashMap<>();
    private final Map<String, Integer> forksByCell = new HashMap<>();
    private int started;
    private GaugeReading last;
    private String previous;

    Passes(Experiment<C, F, M> experiment, RunOptions options, ResultsFolder folder, ProgressLine line, PassOrder order,
           ForkGauge gauge) {
        this.experiment = experiment;
        this.options = options;
        this.folder = folder;
        this.line = line;
        this.order = order;
        this.gauge = gauge;
        this.forks = new ForkRunner(new RecordLine(experiment.name()), line::note, line::inCell);
    }

    /** Runs fork {@code pass} of each of {@code cells}, in the pass's random order. */
    void run(List<C> cells, int pass) throws IOException {
        List<C> ordered = order.of(cells, pass);
        for (int position = 0; position < ordered.size(); position++) {
            C cell = ordered.get(position);
            runFork(cell, pass, position + 1, ordered.size());
        }
    }

    /** About how long one fork of each of {@code cells} takes, from the forks of this run so far. */
    Duration projected(List<C> cells) {
        Duration all = spentByCell.values().stream().reduce(Duration.ZERO, Duration::plus);
        int count = forksByCell.values().stream().mapToInt(Integer::intValue).sum();
        Duration typical = count == 0 ? Duration.ZERO : all.dividedBy(count);
        Duration sum = Duration.ZERO;
        for (C cell : cells) {
            Integer n = forksByCell.get(cell.id());
            sum = sum.plus(n == null ? typical : spentByCell.get(cell.id()).dividedBy(n));
        }
        return sum;
    }

    private void runFork(C cell, int pass, int position, int cellsInPass) throws IOException {
        boolean several = experiment.maxForks() > 1 || experiment.forks() > 1;
        String label = cell.label() + (several ? ", fork " + pass
                + (pass <= experiment.forks() ? "/" + experiment.forks() : " (pass for an undecided comparison)") : "");
        String skip = cell.skipReason();
        if (skip != null) {
            started++;
            String record = forks.skipped(cell.fields(), pass, skip);
            folder.records().append(annotated(record, pass, position, cellsInPass, HostState.read(), null, null, 0));
            previous = cell.id();
            line.skipped(started, label, skip);
            return;
        }
        CellFiles files = new CellFiles(folder.dir(), cell.id() + (several ? "-fork" + pass : ""), options.keepJfr());
        for (int run = 0; ; run++) {
            started++;
            HostState host = HostState.read();
            GaugeReading before = last != null ? last : gauge.read();
            line.starting(started, label + (run > 0 ? ", again" : ""));
            long start = System.nanoTime();
            String record = forks.run(experiment.launch(cell, files), cell.fields(), pass, files,
                    experiment.timeout(cell), label);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            GaugeReading after = gauge.read();
            last = after;
            boolean moved = before != null && after != null && RERUN_LIMIT.isExceededBy(before, after);
            boolean again = moved && run < MAX_RERUNS && RecordLine.failureOf(record) == null;
            folder.records().append(annotated(record, pass, position, cellsInPass, host, before, after, run));
            previous = cell.id();
            line.finished(started, label, elapsed, RecordLine.failureOf(record));
            spentByCell.merge(cell.id(), elapsed, Duration::plus);
            forksByCell.merge(cell.id(), 1, Integer::sum);
            if (!again) {
                return;
            }
            line.plan(1);
            line.note(label + ": the host gauge moved during the fork (memory " + percent(after.memoryMovedFrom(before))
                    + ", CPU " + percent(after.cpuMovedFrom(before)) + "; limits " + RERUN_LIMIT.text() + "): running it again");
        }
    }

    private String annotated(String record, int pass, int position, int cellsInPass, HostState host, GaugeReading before,
                             GaugeReading after, int run) {
        ObjectNode node = (ObjectNode) RecordJson.parse(record);
        ObjectNode schedule = node.putObject(ScheduleFields.PASS);
        schedule.put("number", pass);
        schedule.put("position", position);
        schedule.put("cells", cellsInPass);
        schedule.put("seed", order.seed());
        if (previous != null) {
            schedule.put("previous", previous);
        }
        schedule.put("runs", run + 1);
        if (before != null || after != null) {
            ObjectNode g = node.putObject(ScheduleFields.GAUGE);
            if (before != null) {
                g.set("before", reading(before));
            }
            if (after != null) {
                g.set("after", reading(after));
            }
            if (before != null && after != null) {
                g.put("memoryMoved", after.memoryMovedFrom(before));
                g.put("cpuMoved", after.cpuMovedFrom(before));
                g.put("movedBeyondLimit", RERUN_LIMIT.isExceededBy(before, after));
            }
        }
        node.set(ScheduleFields.HOST, RecordJson.mapper().valueToTree(host));
        return node.toString();
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    private static ObjectNode reading(GaugeReading reading) {
        ObjectNode node = RecordJson.mapper().createObjectNode();
        node.put("at", reading.at().toString());
        node.put("memoryNsPerLine", reading.memoryNsPerLine());
        node.put("cpuNsPerOp", reading.cpuNsPerOp());
        return node;
    }
}
