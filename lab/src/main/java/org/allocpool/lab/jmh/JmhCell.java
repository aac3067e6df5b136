package org.allocpool.lab.jmh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the jmh matrix: one benchmark of the user's jar with one value of each parameter, under one
 * JVM configuration. Says JMH's command-line arguments for one pass of it: the benchmark and no other, its
 * parameter values, the user's JMH options, {@code -prof gc}, JSON results into a file of the results
 * folder, and the configuration's flags (and the user's) appended to JMH's own for its forks. Immutable.
 *
 * @param configuration the JVM configuration
 * @param benchmark     the benchmark's full name
 * @param params        one value per parameter, by name
 * @param options       how JMH runs it
 * @param jvmArgs       the user's JVM arguments for every fork, after the configuration's
 */
public record JmhCell(JmhConfiguration configuration, String benchmark, Map<String, String> params, JmhOptions options,
                      List<String> jvmArgs) implements LabCell<JmhCellFields> {

    public JmhCell {
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(benchmark, "benchmark");
        params = Map.copyOf(params);
        jvmArgs = List.copyOf(jvmArgs);
    }

    @Override
    public JmhCellFields fields() {
        return new JmhCellFields(benchmark, params, options.mode(), configuration.gc(), configuration.heap(),
                configuration.variant());
    }

    /** {@code G1-CodecBenchmark.encode-size_64}: letters, digits, dots and dashes only. */
    @Override
    public String id() {
        JmhCellFields fields = fields();
        String name = fields.benchmarkLabel().replace(" (", "-").replace(", ", "-").replace("=", "_")
                .replaceAll("[^A-Za-z0-9._-]", "");
        return configuration.id() + "-" + name;
    }

    @Override
    public String label() {
        return fields().label();
    }

    /** Every flag JMH's forks get beyond their own: the configuration's, then the user's. */
    public List<String> forkFlags() {
        List<String> flags = new ArrayList<>(configuration.flags());
        flags.addAll(jvmArgs);
        return List.copyOf(flags);
    }

    /**
     * JMH's arguments for one pass: {@code ^name$ -p k=v ... [options] -prof gc -rf json -rff RESULTS
     * -jvmArgsPrepend "FLAGS"}, {@code moreFlags} (a GC log) after the fork flags. Prepended, not appended:
     * JMH's {@code -jvmArgsAppend} on the command line replaces a benchmark's own
     * {@code @Fork(jvmArgsAppend = ...)} (this project's {@code PoolBenchmark} loses its {@code -Xms1g -Xmx1g}),
     * while prepended flags go before them; a flag of the benchmark's that contradicts one of these (another
     * collector) makes its fork fail, and the cell says so. JMH splits the value at spaces, so no flag may
     * hold one.
     */
    public List<String> jmhArgs(Path results, List<String> moreFlags) {
        List<String> args = new ArrayList<>(List.of(new JmhBenchmark(benchmark, Map.of()).exactPattern()));
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(p -> args.addAll(List.of("-p", p.getKey() + "=" + p.getValue())));
        args.addAll(options.arguments());
        args.addAll(List.of("-prof", "gc", "-rf", "json", "-rff", results.toString()));
        List<String> flags = new ArrayList<>(forkFlags());
        flags.addAll(moreFlags);
        args.addAll(List.of("-jvmArgsPrepend", String.join(" ", flags)));
        return List.copyOf(args);
    }
}
