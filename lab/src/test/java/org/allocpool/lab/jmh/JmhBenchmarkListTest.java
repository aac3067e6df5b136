package org.allocpool.lab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class JmhBenchmarkListTest {

    @Test
    void shouldReadEveryBenchmarkWithItsParametersAndSkipJmhsNotes() {
        String listing = """
                # JMH version: 1.37
                WARNING: a note JMH prints first
                Benchmarks:\s
                org.example.CodecBenchmark.decode
                org.example.StoreBenchmark.get
                  param "shared" = {false, true}
                  param "users" = {10000, 1000000}
                """;

        List<JmhBenchmark> benchmarks = JmhBenchmarkList.parse(listing);

        assertEquals(List.of(new JmhBenchmark("org.example.CodecBenchmark.decode", Map.of()),
                new JmhBenchmark("org.example.StoreBenchmark.get", Map.of("shared", List.of("false", "true"),
                        "users", List.of("10000", "1000000")))), benchmarks);
    }

    @Test
    void shouldMatchOnlyItsOwnBenchmarkByItsExactPattern() {
        Pattern exact = Pattern.compile(new JmhBenchmark("org.example.Outer$Inner.get", Map.of()).exactPattern());

        assertEquals(true, exact.matcher("org.example.Outer$Inner.get").find());
        assertEquals(false, exact.matcher("org.example.Outer$Inner.getAll").find());
        assertEquals(false, exact.matcher("org.exampleXOuter$Inner.get").find());
    }

    @Test
    void shouldMakeOneCellPerConfigurationBenchmarkAndCombinationOfParameterValues() {
        JmhBenchmark store = new JmhBenchmark("org.example.StoreBenchmark.get",
                Map.of("shared", List.of("false", "true"), "users", List.of("10000", "1000000")));
        JmhLabSettings settings = new JmhLabSettings(null, ".*", JmhLabSettings.collectors(List.of("G1", "ZGC")),
                JmhLabSettings.params(List.of("users=64")), JmhOptions.defaults(), 3, List.of(), null);

        List<JmhCell> cells = settings.cells(List.of(store));

        assertEquals(4, cells.size(), "2 collectors x 2 values of shared x the one value --param gives users");
        assertEquals(Map.of("shared", "true", "users", "64"), cells.get(1).params());
        assertEquals(List.of("^org\\.example\\.StoreBenchmark\\.get$", "-p", "shared=true", "-p", "users=64", "-prof", "gc",
                "-rf", "json", "-rff", "r.json", "-jvmArgsPrepend", "-XX:+UseZGC -Xlog:gc"),
                cells.get(3).jmhArgs(java.nio.file.Path.of("r.json"), List.of("-Xlog:gc")));
    }
}
