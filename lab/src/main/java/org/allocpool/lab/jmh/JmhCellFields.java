package org.allocpool.lab.jmh;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of a jmh record: one benchmark method of the user's jar, with one value of each of its
 * {@code @Param}s, run under one JVM configuration (a collector today; a heap and a named variant are
 * fields already, so that those dimensions add cells without changing a record). Everything here is what
 * the lab asked for before JMH ran; what JMH reports (its mode's unit, its JVM) is in the metrics. Fields a
 * record does not carry are {@code null}. Immutable.
 *
 * @param benchmark the benchmark's full name, e.g. {@code org.example.CodecBenchmark.encode}
 * @param params    its {@code @Param} values this cell runs, by name (sorted), empty without any
 * @param mode      the JMH mode asked for ({@code -bm}), or {@code null} for the benchmark's own
 * @param gc        the collector, e.g. {@code G1}
 * @param heap      the heap ({@code -Xms} = {@code -Xmx}), or {@code null} for JMH's fork default
 * @param variant   a named JVM configuration, or {@code null} for the default one
 */
@JsonPropertyOrder({"benchmark", "params", "mode", "gc", "heap", "variant"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JmhCellFields(String benchmark, Map<String, String> params, String mode, String gc, String heap,
                            String variant) implements CellFields {

    public JmhCellFields {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** Configuration (collector, heap, variant), benchmark, parameters and mode asked for. */
    @Override
    public String key() {
        return String.join("|", nonNull(gc), nonNull(heap), nonNull(variant), nonNull(benchmark), paramsText(),
                nonNull(mode));
    }

    /** The JVM configuration's name as a column heads it: {@code G1}, {@code ZGC heap 2g compact}. */
    @JsonIgnore
    public String configuration() {
        StringBuilder text = new StringBuilder(nonNull(gc));
        if (heap != null) {
            text.append(" heap ").append(heap);
        }
        if (variant != null) {
            text.append(' ').append(variant);
        }
        return text.toString();
    }

    /** The benchmark without its package, with its parameters: {@code CodecBenchmark.encode (size=64)}. */
    @JsonIgnore
    public String benchmarkLabel() {
        String name = nonNull(benchmark);
        int method = name.lastIndexOf('.');
        int type = method <= 0 ? -1 : name.lastIndexOf('.', method - 1);
        String shortName = type < 0 ? name : name.substring(type + 1);
        return shortName + (params.isEmpty() ? "" : " (" + paramsText() + ")") + (mode == null ? "" : " [" + mode + "]");
    }

    /** The benchmark, its parameters and the mode asked for: one row of the tables, a cell without its configuration. */
    @JsonIgnore
    public String benchmarkKey() {
        return String.join("|", nonNull(benchmark), paramsText(), nonNull(mode));
    }

    /** The benchmark's class, its parameters and the mode asked for: benchmarks sharing it are alternatives to each other. */
    @JsonIgnore
    public String alternativesKey() {
        String name = nonNull(benchmark);
        int method = name.lastIndexOf('.');
        return (method < 0 ? "" : name.substring(0, method)) + "|" + paramsText() + "|" + nonNull(mode);
    }

    /** {@code size=64, shared=true}, empty without parameters. */
    @JsonIgnore
    public String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** How notes name the cell: {@code G1 CodecBenchmark.encode (size=64)}. */
    @JsonIgnore
    public String label() {
        return configuration() + " " + benchmarkLabel();
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
