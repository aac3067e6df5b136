package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.assertBadInput;
import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.allocpool.cli.AnalyzerCommandTest.Outcome;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class KvCommandTest {

    @TempDir
    Path dir;

    @Test
    void shouldRejectANegativePort() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--port", "-1"),
                "--port must be 0..65535 (0: any free port), was -1");
    }

    @Test
    void shouldRejectAnHttpPortOutOfRange() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--http-port", "70000"),
                "--http-port must be 0..65535 (0: any free port), was 70000");
    }

    @Test
    void shouldRejectAnUnknownDurability() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--durability", "eventually"),
                "unknown durability 'eventually'; allowed: async, sync");
    }

    @Test
    void shouldRejectAMaxFrameTooSmallForAKey() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--max-frame", "4"),
                "--max-frame must be at least 9 (op and key), was 4");
    }

    @Test
    void shouldRejectAMaxValueOutOfRange() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--max-value", "0"), "--max-value must be 1..");
    }

    @Test
    void shouldRejectARespPortOutOfRange() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--resp-port", "70000"),
                "--resp-port must be 0..65535 (0: any free port), was 70000");
    }

    @Test
    void shouldRejectAPollOutOfRange() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--poll-us", "20000"),
                "--poll-us must be 0..10000 (0: sleep at once), was 20000");
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--poll-us", "-1"),
                "--poll-us must be 0..10000 (0: sleep at once), was -1");
    }

    @Test
    void shouldRejectAMaxKeyOutOfRange() {
        assertBadInput(execute("kv", "serve", "--dir", dir.toString(), "--max-key", "0"), "--max-key must be 1..");
    }

    @Test
    void shouldFailInOneLineWhenTheRespPortIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Outcome outcome = execute("kv", "serve", "--dir", dir.toString(), "--port", "0", "--http-port", "0",
                    "--resp-port", "" + taken.getLocalPort());
            assertEquals(1, outcome.exitCode(), outcome.toString());
            assertEquals(1, outcome.err().size(), outcome.err().toString());
            assertTrue(outcome.err().getFirst().contains("cannot listen on 127.0.0.1:" + taken.getLocalPort()),
                    outcome.err().getFirst());
        }
        MappedStore.openExisting(dir).close();
    }

    @Test
    void shouldRequireADirectoryToServe() {
        assertBadInput(execute("kv", "serve"), "--dir");
    }

    @Test
    void shouldFailInOneLineWhenThePortIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Outcome outcome = execute("kv", "serve", "--dir", dir.toString(), "--port", "" + taken.getLocalPort(),
                    "--http-port", "0");
            assertEquals(1, outcome.exitCode(), outcome.toString());
            assertEquals(1, outcome.err().size(), outcome.err().toString());
            assertTrue(outcome.err().getFirst().contains("cannot listen on 127.0.0.1:" + taken.getLocalPort()),
                    outcome.err().getFirst());
        }
        // the store was closed again: it opens
        MappedStore.openExisting(dir).close();
    }

    @Test
    void shouldRejectZeroClients() {
        assertBadInput(execute("kv", "bench", "--clients", "0"), "--clients must be 1..1024, was 0");
    }

    @Test
    void shouldRejectABadDurationAndPort() {
        assertBadInput(execute("kv", "bench", "--duration", "0s"), "--duration must be a positive time");
        assertBadInput(execute("kv", "bench", "--warmup", "soon"), "--warmup must be a time");
        assertBadInput(execute("kv", "bench", "--port", "0"), "--port must be 1..65535, was 0");
        assertBadInput(execute("kv", "bench", "--users", "0"), "--users must be at least 1, was 0");
    }

    @Test
    void shouldRejectAPipelineOutOfRange() {
        assertBadInput(execute("kv", "bench", "--pipeline", "0"), "--pipeline must be 1..1024, was 0");
        assertBadInput(execute("kv", "bench", "--pipeline", "1025"), "--pipeline must be 1..1024, was 1025");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPrintABenchRecordWithThePipelineDepth() {
        Outcome outcome = execute("kv", "bench", "--clients", "2", "--pipeline", "8", "--users", "500",
                "--duration", "1s", "--warmup", "0", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.out().toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("ok", record.get("status").asText());
        assertEquals(8, record.get("cell").get("pipeline").asInt());
        assertEquals(2, record.get("cell").get("clients").asInt());
        JsonNode metrics = record.get("metrics");
        assertTrue(metrics.get("hits").asLong() > 0, metrics.toString());
        assertTrue(metrics.get("misses").asLong() > 0, metrics.toString());
        assertTrue(metrics.get("puts").asLong() > 0, metrics.toString());
        assertEquals(0, metrics.get("unexpected").asLong(), "every pipelined hit found its user, no miss found one");
        assertTrue(outcome.err().stream().anyMatch(l -> l.startsWith("kv bench: 2 clients, pipeline 8, 500 users")),
                outcome.err().toString());
        assertTrue(outcome.err().stream().anyMatch(l -> l.contains("(queued to reply, 8 in flight, every request)")),
                outcome.err().toString());
    }

    @Test
    void shouldExplainThePipelineInHelp() {
        Outcome outcome = execute("kv", "bench", "--help");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        String help = String.join(" ", outcome.out()).replaceAll("\\s+", " "); // lines wrapped at 80 columns
        assertTrue(help.contains("--pipeline=N"), help);
        assertTrue(help.contains("requests each client keeps in flight"), help);
    }

    @Test
    void shouldPrintOneBenchRecordWithJson() {
        Outcome outcome = execute("kv", "bench", "--clients", "2", "--users", "500", "--duration", "1s",
                "--warmup", "0", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.out().toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("kv", record.get("experiment").asText());
        assertEquals("ok", record.get("status").asText());
        assertEquals("bench", record.get("cell").get("mode").asText());
        assertEquals(2, record.get("cell").get("clients").asInt());
        assertEquals(500, record.get("cell").get("users").asInt());
        assertEquals(1, record.get("cell").get("pipeline").asInt(), "one request at a time by default");
        JsonNode metrics = record.get("metrics");
        assertTrue(metrics.get("hits").asLong() > 0, metrics.toString());
        assertTrue(metrics.get("hitsPerSecond").asDouble() > 0, metrics.toString());
        assertTrue(metrics.get("latencyNs").get("p50").asLong() > 0, metrics.toString());
        assertEquals(0, metrics.get("unexpected").asLong(), "every hit found its user, no miss found one");
        assertTrue(outcome.err().stream().anyMatch(l -> l.startsWith("kv bench: measuring")), outcome.err().toString());
    }

    @Test
    void shouldFailInOneLineWhenNoServerListens() throws IOException {
        int free;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            free = socket.getLocalPort();
        }
        Outcome outcome = execute("kv", "bench", "--port", "" + free, "--users", "10", "--duration", "1s", "--json");
        assertEquals(1, outcome.exitCode(), outcome.toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("failed", record.get("status").asText());
        assertTrue(record.get("error").asText().contains("Connection refused"), record.toString());
    }

    Path storeWithUsers() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            FlyweightUserCodec codec = new FlyweightUserCodec();
            for (long id = 0; id < 100; id++) {
                byte[] bytes = codec.encode(UserGenerator.user(id));
                store.put(id, bytes, 0, bytes.length);
            }
        }
        return dir;
    }

    @Test
    void shouldReportASoundStore() throws IOException {
        Outcome outcome = execute("kv", "check", "--dir", storeWithUsers().toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().stream().anyMatch(l -> l.startsWith("entries") && l.contains("100 live")),
                outcome.out().toString());
        assertTrue(outcome.out().contains("problems  none"), outcome.out().toString());
    }

    @Test
    void shouldReportACorruptedStoreWithExitCode1() throws IOException {
        Path file = storeWithUsers().resolve(MappedStore.FILE_NAME);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(new byte[] {'n', 'o', 't', ' ', 'a', ' ', 'k', 'v'}), 0);
        }
        Outcome outcome = execute("kv", "check", "--dir", dir.toString());
        assertEquals(1, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().stream().anyMatch(l -> l.startsWith("problems")), outcome.out().toString());
    }

    @Test
    void shouldRejectACheckOfAMissingDirectory() {
        assertBadInput(execute("kv", "check", "--dir", dir.resolve("nowhere").toString()),
                "is not a directory (it does not exist)");
    }

    @Test
    void shouldRejectACheckOfADirectoryWithoutAStore() {
        assertBadInput(execute("kv", "check", "--dir", dir.toString()), "holds no store (no store.kv)");
    }

    @Test
    void shouldPrintUsageWithoutASubcommand() {
        Outcome outcome = execute("kv");
        assertEquals(AllocpoolMain.EXIT_USAGE, outcome.exitCode());
        assertTrue(outcome.err().stream().anyMatch(l -> l.contains("serve")), outcome.err().toString());
    }
}
