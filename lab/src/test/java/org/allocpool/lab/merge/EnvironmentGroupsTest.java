package org.allocpool.lab.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** Records of different machines or JDKs are never mixed in one table. */
class EnvironmentGroupsTest {

    /** A cell of one name, in the default JVM configuration or a named one. */
    record Named(String name, String variant) implements CellFields {

        Named(String name) {
            this(name, null);
        }

        @Override
        public String key() {
            return name;
        }
    }

    private static final Environment HOST_A = env("a", "25.0.3", "Xeon", 8);
    private static final Environment HOST_B = env("b", "25.0.3", "Xeon", 8);
    private static final Environment HOST_A_JDK_21 = env("a", "21.0.7", "Xeon", 8);

    @Test
    void shouldKeepOneGroupWhenEveryRecordCameFromOneMachineAndJdk() {
        List<LabRecord<Named, Double>> records = List.of(record("x", HOST_A), record("y", HOST_A), record("cpp", cpp("a")));

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(records);

        assertEquals(1, groups.size());
        assertEquals(records, groups.getFirst().records());
        assertEquals("", groups.getFirst().description(), "no heading needed");
    }

    @Test
    void shouldKeepTwoHostsApart() {
        LabRecord<Named, Double> a = record("x", HOST_A);
        LabRecord<Named, Double> b = record("x", HOST_B);

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(List.of(a, b));

        assertEquals(List.of(List.of(a), List.of(b)), groups.stream().map(EnvironmentGroups.Group::records).toList());
        assertEquals(List.of("a (Xeon, 8 cores, Linux 6.1 amd64), JDK 25.0.3", "b (Xeon, 8 cores, Linux 6.1 amd64), JDK 25.0.3"),
                groups.stream().map(EnvironmentGroups.Group::description).toList());
    }

    @Test
    void shouldTakeTwoHostsOfOneKindAsOneEnvironmentWhenAMergeSaysSo() {
        LabRecord<Named, Double> a = record("x", HOST_A);
        LabRecord<Named, Double> b = record("y", HOST_B);
        LabRecord<Named, Double> otherKind = record("x", env("c", "25.0.3", "EPYC", 2));
        LabRecord<Named, Double> cppOnB = record("cpp", cpp("b"));

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(List.of(a, b, otherKind, cppOnB),
                EnvironmentGroups.Grouping.KIND);

        assertEquals(List.of(List.of(a, b, cppOnB), List.of(otherKind)),
                groups.stream().map(EnvironmentGroups.Group::records).toList());
        assertEquals("Xeon, 8 cores, Linux 6.1 amd64, JDK 25.0.3 (hosts a, b)", groups.getFirst().description());
    }

    @Test
    void shouldKeepTwoJdksOfOneMachineApart() {
        LabRecord<Named, Double> jdk25 = record("x", HOST_A);
        LabRecord<Named, Double> jdk21 = record("x", HOST_A_JDK_21);

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(List.of(jdk25, jdk21));

        assertEquals(List.of(List.of(jdk25), List.of(jdk21)), groups.stream().map(EnvironmentGroups.Group::records).toList());
    }

    @Test
    void shouldKeepAVariantsRecordsOnAnotherJdkBesideTheDefaultsOfItsMachine() {
        LabRecord<Named, Double> jdk25 = record("x", HOST_A);
        LabRecord<Named, Double> variantOnJdk26 = new LabRecord<>("x", LabRecord.OK, null, 1, new Named("x", "next"),
                env("a", "26-ea", "Xeon", 8), 1.0);
        LabRecord<Named, Double> variantOnB = new LabRecord<>("x", LabRecord.OK, null, 1, new Named("x", "next"),
                env("b", "26-ea", "Xeon", 8), 1.0);
        LabRecord<Named, Double> onB = record("x", HOST_B);

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(List.of(jdk25, variantOnJdk26, onB,
                variantOnB));

        assertEquals(List.of(List.of(jdk25, variantOnJdk26), List.of(onB, variantOnB)),
                groups.stream().map(EnvironmentGroups.Group::records).toList(),
                "a variant's JDK makes no group of its own: its records sit beside the default's, on their machine only");
    }

    @Test
    void shouldPutARecordWithoutAJdkWithEveryGroupOfItsMachineOnly() {
        LabRecord<Named, Double> jdk25 = record("x", HOST_A);
        LabRecord<Named, Double> jdk21 = record("x", HOST_A_JDK_21);
        LabRecord<Named, Double> onB = record("x", HOST_B);
        LabRecord<Named, Double> cppOnA = record("cpp", cpp("a"));
        LabRecord<Named, Double> cppNoHost = record("cpp-old", cpp(null));
        LabRecord<Named, Double> cppElsewhere = record("cpp-arm", env("c", null, "Neoverse", 64));
        LabRecord<Named, Double> neverRan = new LabRecord<>("x", LabRecord.FAILED, "could not start", 1,
                new Named("lost"), null, null);

        List<EnvironmentGroups.Group<Named, Double>> groups = EnvironmentGroups.of(List.of(jdk25, cppOnA, jdk21, onB,
                cppNoHost, cppElsewhere, neverRan));

        assertEquals(List.of(
                        List.of(jdk25, cppOnA, cppNoHost, neverRan),
                        List.of(cppOnA, jdk21, cppNoHost, neverRan),
                        List.of(onB, cppNoHost, neverRan)),
                groups.stream().map(EnvironmentGroups.Group::records).toList(),
                "C++ joins its machine's groups (one without a host: every group of its CPU); a record without an"
                        + " environment joins all; a machine with no Java record has no group");
    }

    @Test
    void shouldRenderOneDocumentPerEnvironmentUnderHeadingsNamingThem() {
        Report<Named, Double> report = new Report<>() {
            @Override
            public RecordType<Named, Double> recordType() {
                return RecordType.of("x", Named.class, Double.class);
            }

            @Override
            public String render(List<LabRecord<Named, Double>> records, List<RunInfo> runs) {
                return "cells: " + records.stream().map(LabRecord::key).toList() + ", runs: " + runs.size() + "\n";
            }
        };
        List<JsonNode> nodes = List.of(node(record("x", HOST_A)), node(record("y", HOST_B)),
                RecordJson.parse("{\"experiment\":\"other\",\"status\":\"ok\",\"cell\":{\"name\":\"z\"}}"));
        List<RunInfo> runs = List.of(new RunInfo("x", "quick", List.of(), List.of()),
                new RunInfo("other", "quick", List.of(), List.of()));

        String text = LabRunner.render(nodes, runs, report);

        assertEquals("# x: 2 environments, kept apart (no table mixes two machines or JDKs)\n"
                + "\n# Environment: a (Xeon, 8 cores, Linux 6.1 amd64), JDK 25.0.3\n\ncells: [x], runs: 1\n"
                + "\n# Environment: b (Xeon, 8 cores, Linux 6.1 amd64), JDK 25.0.3\n\ncells: [y], runs: 1\n", text);
        assertTrue(LabRunner.render(nodes.subList(0, 1), runs, report).startsWith("cells: [x]"), "one environment, no heading");
    }

    private static JsonNode node(LabRecord<Named, Double> record) {
        return RecordJson.mapper().valueToTree(record);
    }

    private static LabRecord<Named, Double> record(String cell, Environment env) {
        return new LabRecord<>("x", LabRecord.OK, null, 1, new Named(cell), env, 1.0);
    }

    private static Environment env(String host, String jdk, String cpu, int cores) {
        return new Environment(jdk, jdk == null ? "g++ 12.2.0 -O3" : "Test VM", cpu, cores, "Linux 6.1 amd64", List.of(), host);
    }

    private static Environment cpp(String host) {
        return new Environment(null, "g++ 12.2.0 -O3", "Xeon", 8, "Linux 6.1 x86_64", List.of(), host);
    }
}
