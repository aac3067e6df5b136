package org.allocpool.messaging.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.lab.messaging.MessagingExperiment;
import org.allocpool.lab.messaging.MessagingJar;
import org.allocpool.lab.messaging.MessagingLabSettings;
import org.allocpool.lab.messaging.MessagingProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real messaging lab, through the lab runner, forking the real children (from this test's class
 * path) with the flags the lab gives them: a subscriber and a publisher over Aeron, a pong and a ping over
 * UDP, each pair recorded ok and tabulated; a C cell whose program cannot be found is recorded as failed
 * with its reason, and the lab goes on. The flyweight's allocation per message is checked here, in JVMs
 * of its own as the lab measures it: in a test JVM that had run the other codecs first, the same
 * publisher once measured tens of bytes per message (not pinned down further).
 */
class MessagingLabEndToEndTest {

    @TempDir
    Path tmp;

    /**
     * Four JVMs and a failing cell, about 20 s on a quiet 2-core machine. Each child's thread also drives
     * its media driver, whose pollers allocate an ArrayList iterator per poll until C2 has compiled them
     * (JFR: ControlTransportPoller and DataTransportPoller.pollTransports); on a busy machine that outlasted
     * the 3 s warm-up (the publisher read 1.9 B/msg, one iterator per 16 messages). The children count the
     * driver's duty cycles apart, so the codec's own allocation is what the check below reads.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldRunBothKindsOfPairAndRecordACellThatCannotStart() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = runLab(List.of("udp-java", "udp-c"), null, dir, out);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(3, records.size(), records.toString());
        // each pass runs in its own random order: find each cell by what it is, not where it ran
        JsonNode throughput = records.stream().filter(r -> "throughput".equals(r.path("cell").path("kind").asText()))
                .findFirst().orElseThrow();
        JsonNode udp = records.stream().filter(r -> "udp-java".equals(r.path("cell").path("transport").asText()))
                .findFirst().orElseThrow();
        JsonNode c = records.stream().filter(r -> "udp-c".equals(r.path("cell").path("transport").asText()))
                .findFirst().orElseThrow();
        assertEquals("ok", throughput.path("status").asText(), throughput.toString());
        assertEquals("flyweight", throughput.path("cell").path("codec").asText());
        assertNothingAllocatedPerMessageAndEveryMessageDelivered(throughput);
        // the UDP ping too, in a JVM of its own
        double ping = udp.path("metrics").path("allocBytesPerRoundTrip").asDouble(-1);
        assertTrue(ping >= 0 && ping < 1, "the UDP ping allocated " + ping + " bytes per round trip");
        assertEquals("ok", udp.path("status").asText(), udp.toString());
        assertTrue(udp.path("metrics").path("latencyNs").path("p50").asLong() > 0);
        assertEquals("failed", c.path("status").asText());
        assertTrue(c.path("error").asText().contains("no C program in this test"), c.toString());
        assertEquals(LabRunner.EXIT_OK, exit, "failed forks are in the tables, not in the exit code");
        String tables = out.toString(StandardCharsets.UTF_8);
        assertTrue(tables.contains("## Throughput over Aeron, per codec") && tables.contains("## Ping-pong round trips"), tables);
        assertTrue(tables.contains("| flyweight") && tables.contains("| udp-java"), tables);
    }

    /**
     * The same pair over IPC, through the lab with the flags it gives: the subscriber's JVM runs the one
     * media driver in a folder the lab names, the publisher's joins it as a client only; every message
     * arrives, neither side allocates per message, and the record and verdict say IPC.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldRunAnIpcPairThroughTheSubscribersDriverAllocatingNothingPerMessage() throws Exception {
        Path dir = tmp.resolve("ipc");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = runLab(List.of("none"), "ipc", dir, out);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(1, records.size(), records.toString());
        JsonNode throughput = records.getFirst();
        assertEquals("ok", throughput.path("status").asText(), throughput.toString());
        assertEquals("ipc", throughput.path("cell").path("channel").asText(), throughput.toString());
        assertTrue(throughput.path("cell").path("channelReason").asText().startsWith("asked for"), throughput.toString());
        assertNothingAllocatedPerMessageAndEveryMessageDelivered(throughput);
        assertEquals(LabRunner.EXIT_OK, exit);
        String tables = out.toString(StandardCharsets.UTF_8);
        assertTrue(tables.contains("| flyweight") && tables.contains("- **Channel**: Aeron IPC"), tables);
    }

    /**
     * The lab over the flyweight's throughput cell and {@code transports} back to back, one fork each, the
     * children forked from this test's class path; tables to {@code out}; a C cell fails to start.
     */
    private static int runLab(List<String> transports, String channel, Path dir, ByteArrayOutputStream out) {
        MessagingLabSettings settings = new MessagingLabSettings(MessagingProfile.QUICK, List.of("flyweight"), transports,
                List.of(0L), Duration.ofSeconds(3), Duration.ofMillis(300), 3, 1, channel, null, List.of("-Xshare:auto"), null,
                Duration.ofMinutes(2));
        JvmCommand children = JvmCommand.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), MessagingJar.MAIN_CLASS);
        return new LabRunner(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(new MessagingExperiment(settings, children, () -> {
                    throw new IllegalStateException("no C program in this test");
                }), new RunOptions(dir, false, Shard.ALL));
    }

    private static void assertNothingAllocatedPerMessageAndEveryMessageDelivered(JsonNode throughput) {
        // the smallest object is 16 bytes: one per message would read 16 or more
        double publisher = throughput.path("metrics").path("publisherAllocBytesPerMessage").asDouble(-1);
        double subscriber = throughput.path("metrics").path("subscriberAllocBytesPerMessage").asDouble(-1);
        assertTrue(publisher >= 0 && publisher < 1, "the publisher allocated " + publisher + " bytes per message");
        assertTrue(subscriber >= 0 && subscriber < 1, "the subscriber allocated " + subscriber + " bytes per message");
        // the embedded drivers' duty cycles, counted apart: measured, whatever C2 has compiled by now
        assertTrue(throughput.path("metrics").path("publisherDriverAllocBytesPerMessage").asDouble(-1) >= 0, throughput.toString());
        assertTrue(throughput.path("metrics").path("subscriberDriverAllocBytesPerMessage").asDouble(-1) >= 0, throughput.toString());
        assertTrue(throughput.path("metrics").path("received").asLong() > 0);
        assertEquals(throughput.path("metrics").path("published").asLong(), throughput.path("metrics").path("received").asLong());
        assertTrue(throughput.path("metrics").path("digestOk").asBoolean());
    }
}
