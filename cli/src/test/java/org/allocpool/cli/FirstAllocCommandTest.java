package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code first-alloc} (one measurement in this JVM) and {@code lab first-alloc}: their command lines and record. */
class FirstAllocCommandTest {

    @Test
    void shouldPrintExactlyOneRecordWithTheCellAndTheBuffersMade() {
        StringWriter out = new StringWriter();
        int exit = AllocpoolMain.commandLine().setOut(new PrintWriter(out, true))
                .execute("first-alloc", "--allocator", "pool-slab", "--size", "512", "--count", "50", "--pool", "64", "--json");

        assertEquals(0, exit, out.toString());
        assertEquals(1, out.toString().lines().count(), out.toString());
        JsonNode record = RecordJson.parse(out.toString());
        assertEquals("first-alloc", record.path("experiment").asText());
        assertEquals("ok", record.path("status").asText());
        assertEquals("pool-slab", record.path("cell").path("allocator").asText());
        assertEquals("native", record.path("cell").path("memory").asText());
        assertEquals(512, record.path("cell").path("size").asInt());
        assertEquals(64, record.path("cell").path("pool").asInt());
        assertEquals(50, record.path("metrics").path("buffers").asInt());
        for (String field : List.of("startToReadyMs", "openNs", "firstBufferNs", "allBuffersNs", "laterNsPerBuffer",
                "classesFirstBuffer", "classesAllBuffers", "heapBytesFirstBuffer", "heapBytesAllBuffers", "directBytes")) {
            assertTrue(record.path("metrics").has(field), field + " in " + record);
        }
        assertTrue(record.path("env").has("jdk"), record.toString());
    }

    @Test
    void shouldPrintWhatAPersonReadsWithoutJson() {
        StringWriter out = new StringWriter();
        int exit = AllocpoolMain.commandLine().setOut(new PrintWriter(out, true))
                .execute("first-alloc", "--allocator", "byte-array", "--count", "10");

        assertEquals(0, exit, out.toString());
        assertTrue(out.toString().startsWith("byte-array (new byte[size]), 1024-byte buffers:"), out.toString());
        assertTrue(out.toString().contains("first buffer:"), out.toString());
        assertTrue(out.toString().contains("first 10:"), out.toString());
    }

    @Test
    void shouldRejectEachBadValueInOneLineNamingIt() {
        assertOneLineError("unknown allocator 'jemalloc'; allowed: netty-pooled-heap,", "first-alloc", "--allocator", "jemalloc");
        assertOneLineError("--size must be 1 to 16777216 bytes, was 0", "first-alloc", "--allocator", "byte-array", "--size", "0");
        assertOneLineError("--pool must be at least --count (1000)", "first-alloc", "--allocator", "pool-heap", "--pool", "10");
        assertOneLineError("Missing required option: '--allocator=NAME'", "first-alloc");
        assertOneLineError("unknown allocator 'malloc'; allowed: netty-pooled-heap,", "lab", "first-alloc", "--allocator",
                "byte-array,malloc");
        assertOneLineError("--forks must be at least 3", "lab", "first-alloc", "--forks", "1");
        assertOneLineError("unknown profile 'medium'; allowed: quick, full", "lab", "first-alloc", "--profile", "medium");
    }

    @Test
    void shouldParseFirstAllocAsALabSubcommand() {
        CommandLine.ParseResult parsed = AllocpoolMain.commandLine().parseArgs("lab", "first-alloc", "--allocator",
                "byte-array,pool-heap", "--forks", "5", "--jvm-arg=-Xshare:off");
        CommandLine.ParseResult lab = parsed.subcommand().subcommand();
        assertEquals("first-alloc", lab.commandSpec().name());
        FirstAllocLabCommand command = lab.commandSpec().commandLine().getCommand();
        assertEquals(List.of("byte-array", "pool-heap"), command.allocators);
        assertEquals(5, command.forks);
        assertEquals(List.of("-Xshare:off"), command.jvmArgs);
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);

        assertEquals(AllocpoolMain.EXIT_USAGE, exit, err.toString());
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}
