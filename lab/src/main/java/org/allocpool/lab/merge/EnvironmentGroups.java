package org.allocpool.lab.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;

/**
 * Keeps records from different machines and JDKs apart, so that no table, ratio or verdict ever
 * mixes two of them: one group per machine (host, CPU, cores, OS) and JDK, in the order first met.
 * Where a merged run says so ({@link Grouping#KIND}: {@code lab merge --machine-kind}), machines of
 * one kind (CPU model, cores, OS) count as one, so that the shards of a run spread over a pool of
 * identical machines give one set of tables; their hosts are listed. A record with no JDK (the C++
 * analyser) belongs to its machine, so it joins every group of that machine, as a C++ cell sits under
 * every collector; so does a record of a named JVM configuration ({@link CellFields#variant()}, which may be
 * another JDK), whose tables sit beside the default's; a record with no environment at all (a fork the lab recorded as failed before its
 * child said where it ran) joins every group. Thread-safe (stateless).
 */
public final class EnvironmentGroups {

    /** What counts as one environment. */
    public enum Grouping {
        /** One machine (its host) and JDK: the default, never a ratio across two machines. */
        HOST,
        /** One kind of machine (CPU model, cores, OS) and JDK, whatever the hosts: a pool of identical machines. */
        KIND
    }

    private EnvironmentGroups() {
    }

    /**
     * One group of records per environment.
     *
     * @param <F> the cell fields
     * @param <M> the metrics
     */
    public record Group<F extends CellFields, M>(String description, List<LabRecord<F, M>> records) {
    }

    /** {@code records} split by machine and JDK, each group in the records' order. */
    public static <F extends CellFields, M> List<Group<F, M>> of(List<LabRecord<F, M>> records) {
        return of(records, Grouping.HOST);
    }

    /** {@code records} split as {@code grouping} says, each group in the records' order. */
    public static <F extends CellFields, M> List<Group<F, M>> of(List<LabRecord<F, M>> records, Grouping grouping) {
        Map<String, Environment> javaEnvs = new LinkedHashMap<>();
        for (LabRecord<F, M> record : records) {
            Environment env = record.env();
            if (env != null && env.jdk() != null && !isVariant(record)) {
                javaEnvs.putIfAbsent(key(env, grouping), env);
            }
        }
        if (javaEnvs.size() <= 1) {
            return List.of(new Group<>("", records));
        }
        List<Group<F, M>> groups = new ArrayList<>();
        for (Environment group : javaEnvs.values()) {
            List<LabRecord<F, M>> members = new ArrayList<>();
            Set<String> hosts = new TreeSet<>();
            for (LabRecord<F, M> record : records) {
                Environment env = record.env();
                if (env == null || (env.jdk() == null || isVariant(record) ? sameMachine(env, group, grouping)
                        : key(env, grouping).equals(key(group, grouping)))) {
                    members.add(record);
                    if (env != null && env.host() != null) {
                        hosts.add(env.host());
                    }
                }
            }
            groups.add(new Group<>(describe(group, grouping, hosts), List.copyOf(members)));
        }
        return List.copyOf(groups);
    }

    /**
     * How a heading names an environment: {@code host (CPU, 2 cores, OS), JDK 25.0.3}; by kind,
     * {@code CPU, 2 cores, OS, JDK 25.0.3 (hosts a, b)}.
     */
    public static String describe(Environment env, Grouping grouping, Set<String> hosts) {
        if (grouping == Grouping.KIND) {
            return env.cpu() + ", " + env.cores() + " cores, " + env.os() + ", JDK " + env.jdk()
                    + (hosts.isEmpty() ? "" : " (" + (hosts.size() == 1 ? "host " : "hosts ") + String.join(", ", hosts) + ")");
        }
        return Objects.requireNonNullElse(env.host(), "unknown host") + " (" + env.cpu() + ", " + env.cores()
                + " cores, " + env.os() + "), JDK " + env.jdk();
    }

    private static boolean isVariant(LabRecord<?, ?> record) {
        return record.cell() != null && record.cell().variant() != null;
    }

    private static String key(Environment env, Grouping grouping) {
        return String.join("\u0000", grouping == Grouping.HOST ? String.valueOf(env.host()) : "",
                String.valueOf(env.cpu()), Integer.toString(env.cores()), String.valueOf(env.os()), env.jdk());
    }

    /**
     * Whether a record without a JDK (C++, whose OS names its architecture its own way) ran on
     * {@code java}'s machine: the same CPU and cores, and the same host where both name one and
     * machines are told apart by host.
     */
    private static boolean sameMachine(Environment other, Environment java, Grouping grouping) {
        return Objects.equals(other.cpu(), java.cpu()) && other.cores() == java.cores()
                && (grouping == Grouping.KIND || other.host() == null || java.host() == null
                || other.host().equals(java.host()));
    }
}
