package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload's shape (packet size, share kept), heaps and JVM variants as dimensions of the analyzer
 * lab: their options and validation, the cells they make, the keys that keep configurations apart and
 * what each cell's child is given.
 */
class ShapesHeapsAndVariantsTest {

    @TempDir
    Path tmp;

    @Test
    void shouldRejectAPacketSizeOutsideSixtyFourBytesToSixtyFourKibNamingIt() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> settings(List.of(63), null, null, null));
        assertEquals("--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 63", small.getMessage());
        IllegalArgumentException large = assertThrows(IllegalArgumentException.class,
                () -> settings(List.of(256, 65_537), null, null, null));
        assertTrue(large.getMessage().endsWith("was 65537"), large.getMessage());
    }

    @Test
    void shouldRejectAShareKeptThatIsNotAPowerOfTwoNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> settings(null, List.of(0), null, null));
        assertEquals("--keep-one-in must be a power of two from 1 to 128 (one packet in N is kept; the article's"
                + " generator keeps other shares unevenly), was 0", e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> settings(null, List.of(4, 10), null, null))
                .getMessage().endsWith("was 10"));
    }

    @Test
    void shouldTakeSeveralHeapsAndRejectABadOneNamingIt() {
        assertEquals(List.of("2g", "10g"), settings(null, null, "2g, 10G", null).heaps());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> settings(null, null, "2g,ten", null));
        assertEquals("bad heap size 'ten'; expected e.g. 2g, 10g or 512m", e.getMessage());
    }

    @Test
    void shouldParseAFlagsVariant() {
        JvmVariant compact = JvmVariant.parse("compact=-XX:+UseCompactObjectHeaders -XX:+UseNUMA");

        assertEquals("compact", compact.name());
        assertEquals(List.of("-XX:+UseCompactObjectHeaders", "-XX:+UseNUMA"), compact.flags());
        assertNull(compact.javaHome());
        assertNull(compact.skipReason("flat"), "flags never make a cell skipped");
    }

    @Test
    void shouldRejectBadVariantsInOneLineNamingTheValue() {
        assertTrue(message("compact").startsWith("bad --variant 'compact'; expected NAME=-XX:+Flag"), message("compact"));
        assertTrue(message("default=-XX:+UseNUMA").startsWith("bad --variant name 'default'"));
        assertTrue(message("big=-Xmx10g").contains("'-Xmx10g' sets the heap; give heaps with --heap"), message("big=-Xmx10g"));
        assertTrue(message("old=/no/such/jdk").startsWith("bad --variant old: no java executable in '/no/such/jdk/bin'"),
                message("old=/no/such/jdk"));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> settings(null, null, null,
                List.of(JvmVariant.parse("a=-XX:+UseNUMA"), JvmVariant.parse("A=-XX:-UseNUMA"))));
        assertEquals("--variant A is given twice; name each once", twice.getMessage());
    }

    @Test
    void shouldReadAJdkHomesVersionFromItsReleaseFile() throws Exception {
        JvmVariant jdk = JvmVariant.parse("jdk21=" + FakeJdk.of(tmp, "21.0.2"));

        assertEquals(new JdkVersion("21.0.2", 21), jdk.jdk());
        assertEquals(8, JdkVersion.parse("1.8.0_392", tmp).feature());
        assertTrue(jdk.description().startsWith("jdk21: JDK 21.0.2 at "), jdk.description());
    }

    @Test
    void shouldSkipOffHeapStrategiesOnAJdkWithoutFfmAndEveryStrategyOnOneOlderThanTheBuild() throws Exception {
        JvmVariant jdk21 = JvmVariant.parse("jdk21=" + FakeJdk.of(tmp, "21.0.2"));
        JvmVariant jdk22 = JvmVariant.parse("jdk22=" + FakeJdk.of(tmp, "22.0.1"));
        JvmVariant future = JvmVariant.parse("next=" + FakeJdk.of(tmp, "99-ea"));

        assertEquals("JDK 21.0.2 (jdk21) has no FFM (java.lang.foreign is final from JDK 22), which native-pool needs:"
                + " skipped", jdk21.skipReason("native-pool"));
        assertEquals("JDK 22.0.1 (jdk22) cannot load the analyzer, compiled for Java " + JdkVersion.compiledRelease()
                + ": skipped", jdk22.skipReason("flat"));
        assertEquals(jdk22.skipReason("flat").replace("jdk22", "jdk21").replace("22.0.1", "21.0.2"),
                jdk21.skipReason("alloc"));
        assertNull(future.skipReason("flat"));
        AnalyzerCell cell = new AnalyzerCell(AnalyzerRuntime.JAVA, Collector.G1, "flat", "A", "1g", null, null, null,
                jdk21, false);
        assertEquals(jdk21.skipReason("flat"), cell.skipReason());
    }

    @Test
    void shouldGiveEveryHeapVariantAndShapeItsOwnCellKeyAndFileName() {
        AnalyzerLabSettings settings = settings(List.of(256, 4096), List.of(16, 4), "2g,10g",
                List.of(JvmVariant.parse("compact=-XX:+UseCompactObjectHeaders")));
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);

        int java = 2 /* variants */ * 1 /* G1 */ * 2 /* alloc, pool */ * 2 /* heaps */ * 1 /* case */ * 4 /* shapes */;
        int cpp = 2 /* cpp, cpp-flat */ * 2 /* alloc, pool */ * 1 * 4;
        assertEquals(java + cpp, cells.size());
        assertEquals(cells.size(), cells.stream().map(c -> c.fields().key()).distinct().count());
        assertEquals(cells.size(), cells.stream().map(AnalyzerCell::id).distinct().count());
        assertTrue(cells.stream().map(AnalyzerCell::id).toList().contains("G1-pool-B-heap10g-p256-k4-compact"));
        cells.forEach(c -> assertTrue(c.id().matches("[A-Za-z0-9.-]+"), c.id()));
    }

    @Test
    void shouldKeepTheKeyAndIdOfTheArticlesPacketsInTheDefaultConfigurationAsTheyWere() {
        AnalyzerCell plain = new AnalyzerCell(Collector.G1, "pool", "B", "2g", null, null);
        AnalyzerCell given = new AnalyzerCell(AnalyzerRuntime.JAVA, Collector.G1, "pool", "B", "2g", null, null,
                new PacketShape(1024, 16), null, false);

        assertEquals("java|G1|pool|B|2048m|batch", plain.fields().key());
        assertEquals(plain.fields().key(), given.fields().key(), "the article's shape, given or not, is one cell");
        assertEquals("G1-pool-B", given.id());
        assertEquals("java|G1|pool|B|2048m|batch|packetSize=256|keepOneIn=4|variant=compact",
                new AnalyzerCell(AnalyzerRuntime.JAVA, Collector.G1, "pool", "B", "2g", null, null,
                        new PacketShape(256, 4), JvmVariant.parse("compact=-XX:+UseCompactObjectHeaders"), false)
                        .fields().key());
    }

    @Test
    void shouldHandEachCellItsShapeHeapAndVariantAndRecordThem() {
        JvmVariant compact = JvmVariant.parse("compact=-XX:+UseCompactObjectHeaders");
        AnalyzerCell cell = new AnalyzerCell(AnalyzerRuntime.JAVA, Collector.ZGC, "alloc", "A", "10g", null, null,
                new PacketShape(256, 4), compact, true);

        assertEquals(List.of("analyzer", "--strategy", "alloc", "--case", "A", "--packet-size", "256", "--keep-one-in", "4",
                "--json"), cell.programArgs());
        assertTrue(cell.jvmFlags(Path.of("x.gc.log")).containsAll(List.of("-Xmx10g", "-XX:+UseCompactObjectHeaders")));
        AnalyzerCellFields fields = cell.fields();
        assertEquals(256, fields.packetSize());
        assertEquals(4, fields.keepOneIn());
        assertEquals("10g", fields.heap());
        assertEquals("compact", fields.variant());
        assertEquals("ZGC alloc A (heap 10g, compact, 256-byte packets, 1 in 4 kept)", cell.label());
        AnalyzerCell cpp = AnalyzerCell.cpp(AnalyzerRuntime.CPP, "pool", "A", null, null, new PacketShape(4096, null));
        assertEquals(List.of("analyzer", "--runtime", "cpp", "--strategy", "pool", "--case", "A", "--packet-size", "4096",
                "--json"), cpp.programArgs());
        assertEquals(4096, cpp.fields().packetSize());
        assertEquals("cpp-pool-A-p4096", cpp.id());
    }

    @Test
    void shouldRecordASingleShapeInTheRunsChildArguments() {
        assertTrue(settings(List.of(256), null, null, null).childArgs().containsAll(List.of("--packet-size", "256")));
        assertTrue(settings(List.of(256, 512), null, null, null).childArgs().stream().noneMatch(a -> a.equals("--packet-size")),
                "several shapes are the cells', not every child's");
    }

    private static String message(String spec) {
        return assertThrows(IllegalArgumentException.class, () -> JvmVariant.parse(spec)).getMessage();
    }

    private static AnalyzerLabSettings settings(List<Integer> sizes, List<Integer> keeps, String heap, List<JvmVariant> variants) {
        return new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("alloc", "pool"), List.of("B"), heap, null, null,
                null, null, AnalyzerMode.BATCH, null, null, null, null, sizes, keeps, variants);
    }
}
