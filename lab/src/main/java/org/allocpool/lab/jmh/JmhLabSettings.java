package org.allocpool.lab.jmh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.analyzer.Collector;

/**
 * What {@code allocpool lab jmh} runs: the user's benchmarks that {@code bench} finds in the jar, every
 * value of their parameters (or the values {@code params} gives), under every configuration, each pass one
 * JMH run of every cell. Validates when built. Immutable.
 *
 * @param jar            the jar and how JMH starts on it
 * @param bench          the regular expression naming the benchmarks, as JMH takes it
 * @param configurations the JVM configurations, one column each (collectors today)
 * @param params         parameter values that replace the jar's, by parameter name; may be empty
 * @param options        how JMH runs each benchmark
 * @param passes         how many passes: one JMH run of every cell each, in a fresh random order
 * @param jvmArgs        JVM arguments for every JMH fork, after the configuration's
 * @param cellTimeout    how long one JMH run may take, or {@code null} for what {@link JmhOptions#timeout()} says
 * @param maxPasses      the most passes a cell of a comparison the verdict cannot decide yet may run in
 * @param budget         how long the whole run may take when it adds such passes, or {@code null} to add none
 */
public record JmhLabSettings(JmhJar jar, String bench, List<JmhConfiguration> configurations,
                             Map<String, List<String>> params, JmhOptions options, int passes, List<String> jvmArgs,
                             Duration cellTimeout, int maxPasses, Duration budget) {

    /** The most passes when a budget is given and no --max-passes. */
    public static final int DEFAULT_MAX_PASSES = 8;

    /** The collectors run when none are named: the default one and the low-pause one. */
    public static final List<Collector> DEFAULT_COLLECTORS = List.of(Collector.G1, Collector.ZGC);
    /** Passes when none are asked for: three, so that every figure has an interval. */
    public static final int DEFAULT_PASSES = 3;

    public JmhLabSettings {
        if (bench == null || bench.isBlank()) {
            throw new IllegalArgumentException("--bench needs a regular expression naming the benchmarks, e.g. '.*'");
        }
        if (configurations.isEmpty()) {
            throw new IllegalArgumentException("no JVM configuration to run");
        }
        if (passes < 1) {
            throw new IllegalArgumentException("--passes must be at least 1, not " + passes);
        }
        if (maxPasses < passes) {
            throw new IllegalArgumentException("--max-passes " + maxPasses + " is fewer than --passes " + passes);
        }
        for (String flag : jvmArgs) {
            if (flag.isBlank() || flag.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("--jvm-arg '" + flag + "' holds a space, which JMH's -jvmArgsPrepend"
                        + " cannot pass");
            }
        }
        configurations = List.copyOf(configurations);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        params.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        params = Map.copyOf(copy);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** Settings that add no pass for undecided comparisons: {@code passes} and no more. */
    public JmhLabSettings(JmhJar jar, String bench, List<JmhConfiguration> configurations,
                          Map<String, List<String>> params, JmhOptions options, int passes, List<String> jvmArgs,
                          Duration cellTimeout) {
        this(jar, bench, configurations, params, options, passes, jvmArgs, cellTimeout, passes, null);
    }

    /** One configuration per collector named ({@code --gc}), or {@link #DEFAULT_COLLECTORS}. */
    public static List<JmhConfiguration> collectors(List<String> names) {
        List<Collector> collectors = names == null || names.isEmpty() ? DEFAULT_COLLECTORS
                : names.stream().map(Collector::byName).distinct().toList();
        return collectors.stream().map(JmhConfiguration::of).toList();
    }

    /**
     * {@code name=v1,v2} options ({@code --param}) as values by name.
     *
     * @throws IllegalArgumentException naming the option that is not {@code name=values}
     */
    public static Map<String, List<String>> params(List<String> options) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String option : options == null ? List.<String>of() : options) {
            int eq = option.indexOf('=');
            if (eq <= 0 || eq == option.length() - 1) {
                throw new IllegalArgumentException("--param '" + option + "' is not NAME=VALUE[,VALUE...]");
            }
            params.put(option.substring(0, eq).strip(),
                    List.of(option.substring(eq + 1).split(",")).stream().map(String::strip).toList());
        }
        return params;
    }

    /**
     * Every cell, configuration by configuration, then benchmark by benchmark in JMH's order, then every
     * combination of parameter values.
     *
     * @throws IllegalArgumentException naming a {@code --param} no listed benchmark has
     */
    public List<JmhCell> cells(List<JmhBenchmark> benchmarks) {
        for (String name : params.keySet()) {
            if (benchmarks.stream().noneMatch(b -> b.params().containsKey(name))) {
                throw new IllegalArgumentException("--param " + name + ": no benchmark matching --bench '" + bench
                        + "' has a parameter of that name");
            }
        }
        List<JmhCell> cells = new ArrayList<>();
        for (JmhConfiguration configuration : configurations) {
            for (JmhBenchmark benchmark : benchmarks) {
                for (Map<String, String> combination : combinations(benchmark)) {
                    cells.add(new JmhCell(configuration, benchmark.name(), combination, options, jvmArgs));
                }
            }
        }
        return List.copyOf(cells);
    }

    /** How long one JMH run of a cell may take. */
    public Duration timeout() {
        return cellTimeout != null ? cellTimeout : options.timeout();
    }

    private List<Map<String, String>> combinations(JmhBenchmark benchmark) {
        List<Map<String, String>> combinations = new ArrayList<>(List.of(Map.of()));
        for (Map.Entry<String, List<String>> param : benchmark.params().entrySet()) {
            List<String> values = params.getOrDefault(param.getKey(), param.getValue());
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combination : combinations) {
                for (String value : values) {
                    Map<String, String> more = new LinkedHashMap<>(combination);
                    more.put(param.getKey(), value);
                    next.add(more);
                }
            }
            combinations = next;
        }
        return combinations;
    }
}
