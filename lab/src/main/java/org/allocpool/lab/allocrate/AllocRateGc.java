package org.allocpool.lab.allocrate;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.Collector;

/**
 * A collector an alloc-rate cell runs under: one of the lab's {@link Collector}s with its defaults (only
 * its selecting flag, as Chronicle's benchmark ran), or Epsilon, which allocates and never collects:
 * the lower bound that separates the collector's share of the time from the allocation's own.
 * Immutable.
 *
 * @param label     the name people and records use, e.g. {@code G1}, {@code Epsilon}
 * @param flags     the JVM flags that select it
 * @param isEpsilon whether it is Epsilon
 */
public record AllocRateGc(String label, List<String> flags, boolean isEpsilon) {

    /** Epsilon's label. */
    public static final String EPSILON_LABEL = "Epsilon";
    /** Epsilon: experimental in JDK 25, so unlocked first. */
    public static final AllocRateGc EPSILON = new AllocRateGc(EPSILON_LABEL,
            List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC"), true);

    public AllocRateGc {
        flags = List.copyOf(flags);
    }

    /** {@code collector}, selected by its one flag. */
    public static AllocRateGc of(Collector collector) {
        return new AllocRateGc(collector.label(), List.of(collector.selectingFlag()), false);
    }

    /**
     * The collector called {@code name}, ignoring case: a lab collector or Epsilon.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static AllocRateGc byName(String name) {
        String wanted = name == null ? "" : name.strip();
        if (wanted.equalsIgnoreCase(EPSILON_LABEL)) {
            return EPSILON;
        }
        try {
            return of(Collector.byName(wanted));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown collector '" + wanted + "'; allowed: " + allowed());
        }
    }

    /** Every label, comma-separated: the lab's collectors, then Epsilon. */
    public static String allowed() {
        return Collector.allowed() + ", " + EPSILON_LABEL;
    }

    /** Every collector: the lab's, then Epsilon. */
    public static List<AllocRateGc> all() {
        List<AllocRateGc> all = new ArrayList<>();
        for (Collector collector : Collector.values()) {
            all.add(of(collector));
        }
        all.add(EPSILON);
        return List.copyOf(all);
    }
}
