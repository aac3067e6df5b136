package org.allocpool.lab.gauge;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.allocpool.lab.records.ScheduleFields;

/**
 * The host gauge's readings of one run, read back from its records (each fork's {@code gauge.before}
 * and {@code gauge.after}, in time order, each reading once), and how far the host moved over the run
 * or from one run to another. Immutable; safe to share.
 *
 * @param readings the readings, in time order
 */
public record RunGauge(List<GaugeReading> readings) {

    public RunGauge {
        readings = List.copyOf(readings);
    }

    /** The readings among {@code records} (any experiment's); none when the run had no gauge. */
    public static RunGauge of(List<JsonNode> records) {
        List<GaugeReading> all = new ArrayList<>();
        for (JsonNode record : records) {
            for (String when : List.of("before", "after")) {
                GaugeReading reading = reading(record.path(ScheduleFields.GAUGE).path(when));
                if (reading != null && all.stream().noneMatch(r -> r.at().equals(reading.at()))) {
                    all.add(reading);
                }
            }
        }
        all.sort(Comparator.comparing(GaugeReading::at));
        return new RunGauge(all);
    }

    /** Whether the run had a gauge at all. */
    public boolean isEmpty() {
        return readings.isEmpty();
    }

    /** The median ns per cache line of the memory loop. */
    public double memoryMedian() {
        return GaugeSummary.of(readings).memoryMedian();
    }

    /** The median ns per step of the CPU loop. */
    public double cpuMedian() {
        return GaugeSummary.of(readings).cpuMedian();
    }

    /**
     * How much slower the host of {@code later} was than this run's: the larger of its two loops' median
     * ratios (later over this; below 1 when it was faster in both), 1 when either run had no gauge.
     */
    public double slowdownTo(RunGauge later) {
        if (isEmpty() || later.isEmpty()) {
            return 1;
        }
        return Math.max(later.memoryMedian() / memoryMedian(), later.cpuMedian() / cpuMedian());
    }

    private static GaugeReading reading(JsonNode node) {
        if (!node.isObject() || !node.path("memoryNsPerLine").isNumber() || !node.path("cpuNsPerOp").isNumber()) {
            return null;
        }
        try {
            return new GaugeReading(Instant.parse(node.path("at").asText()), node.path("memoryNsPerLine").asDouble(),
                    node.path("cpuNsPerOp").asDouble());
        } catch (DateTimeParseException | IllegalArgumentException unreadable) {
            return null;
        }
    }
}
