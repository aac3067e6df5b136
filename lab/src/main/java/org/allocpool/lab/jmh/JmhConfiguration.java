package org.allocpool.lab.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.analyzer.Collector;

/**
 * One JVM configuration the user's benchmarks run under, one column of the tables: a collector today
 * (selected by its one flag, with its defaults, as JMH users run it), and room for a heap and a named
 * variant, whose flags reach JMH's forks the same way ({@link JmhCell#jmhArgs}). Two
 * configurations are never merged into one figure. Immutable.
 *
 * @param gc      the collector's label, e.g. {@code G1}
 * @param heap    the heap ({@code -Xms} = {@code -Xmx}, e.g. {@code 2g}), or {@code null} for JMH's default
 * @param variant the variant's name, or {@code null} for the default configuration
 * @param flags   every flag this configuration gives JMH's forks, in order: collector, heap, variant
 */
public record JmhConfiguration(String gc, String heap, String variant, List<String> flags) {

    public JmhConfiguration {
        Objects.requireNonNull(gc, "gc");
        flags = List.copyOf(flags);
    }

    /** {@code collector} with its defaults: its selecting flag only. */
    public static JmhConfiguration of(Collector collector) {
        return new JmhConfiguration(collector.label(), null, null, List.of(collector.selectingFlag()));
    }

    /** The same configuration with a fixed heap of {@code size} ({@code -Xms} = {@code -Xmx}). */
    public JmhConfiguration withHeap(String size) {
        List<String> more = new ArrayList<>(flags);
        more.addAll(List.of("-Xms" + size, "-Xmx" + size));
        return new JmhConfiguration(gc, size, variant, more);
    }

    /** The same configuration as the variant {@code name}, its {@code variantFlags} appended. */
    public JmhConfiguration withVariant(String name, List<String> variantFlags) {
        List<String> more = new ArrayList<>(flags);
        more.addAll(variantFlags);
        return new JmhConfiguration(gc, heap, name, more);
    }

    /** For file names: {@code G1}, {@code ZGC-2g-compact}. */
    public String id() {
        return gc + (heap == null ? "" : "-" + heap) + (variant == null ? "" : "-" + variant.replaceAll("[^A-Za-z0-9.-]", "_"));
    }
}
