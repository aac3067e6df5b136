package org.allocpool.lab.jmh;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One benchmark method of a jar as JMH lists it ({@code -lp}), with the values each of its {@code @Param}s
 * takes. Immutable.
 *
 * @param name   the full name, e.g. {@code org.example.CodecBenchmark.encode}
 * @param params each parameter's values, by name (sorted), in JMH's order; empty without parameters
 */
public record JmhBenchmark(String name, Map<String, List<String>> params) {

    public JmhBenchmark {
        TreeMap<String, List<String>> copy = new TreeMap<>();
        params.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        params = Collections.unmodifiableMap(copy);
    }

    /** The regular expression JMH takes to run this benchmark and no other (JMH finds a regex anywhere in a name). */
    public String exactPattern() {
        return "^" + name.replaceAll("([.$])", "\\\\$1") + "$";
    }
}
