package org.allocpool.lab.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessagingLabSettingsTest {

    @Test
    void shouldRunEveryCodecAndEveryTransportAtBothRatesInTheQuickProfile() {
        MessagingLabSettings settings = MessagingLabSettings.of(MessagingProfile.QUICK);
        List<MessagingCell> cells = experiment(settings).cells();
        assertEquals(4 + 3 * 2, cells.size());
        assertEquals(cells.size(), cells.stream().map(MessagingCell::id).distinct().count(), "file names are unique");
    }

    @Test
    void shouldRejectAnUnknownCodecNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MessagingLabSettings(null,
                List.of("protobuf"), null, null, null, null, null, null, null, null, null, null, null));
        assertTrue(e.getMessage().contains("'protobuf'") && e.getMessage().contains("flyweight"), e.getMessage());
    }

    @Test
    void shouldRejectANegativeRate() {
        assertThrows(IllegalArgumentException.class, () -> new MessagingLabSettings(null, null, null, List.of(-5L), null, null,
                null, null, null, null, null, null, null));
    }

    @Test
    void shouldLeaveOutASectionNamedNone() {
        MessagingLabSettings settings = new MessagingLabSettings(null, List.of("none"), List.of("udp-c"), List.of(0L), null, null,
                null, null, null, null, null, null, null);
        List<MessagingCell> cells = experiment(settings).cells();
        assertEquals(1, cells.size());
        assertTrue(cells.getFirst().isNative());
    }

    @Test
    void shouldStartTheSubscriberFirstAndHandItsReportToThePublisher() {
        MessagingLabSettings settings = MessagingLabSettings.of(MessagingProfile.QUICK);
        MessagingCell cell = MessagingCell.throughput("jdk", settings);
        CellLaunch launch = experiment(settings).launch(cell, new CellFiles(Path.of("/results"), cell.id()));
        List<String> server = launch.server().command();
        List<String> client = launch.client().apply(new InetSocketAddress("127.0.0.1", 4242));
        assertTrue(server.containsAll(List.of("subscribe", "--codec", "jdk", "--report", "/results/throughput-jdk.subscriber.json")));
        assertTrue(server.contains("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"), "Agrona's flag");
        assertTrue(client.containsAll(List.of("publish", "--port", "4242", "--subscriber-report",
                "/results/throughput-jdk.subscriber.json", "--json")));
    }

    @Test
    void shouldRemoveALastAttemptsSubscriberReportBeforeAForkRunsAgain(@TempDir Path dir) throws Exception {
        MessagingLabSettings settings = MessagingLabSettings.of(MessagingProfile.QUICK);
        MessagingCell cell = MessagingCell.throughput("flyweight", settings);
        Path stale = dir.resolve("throughput-flyweight.subscriber.json");
        Files.writeString(stale, "{\"received\": 1}");
        experiment(settings).launch(cell, new CellFiles(dir, cell.id()));
        assertFalse(Files.exists(stale), "the publisher would read the last attempt's figures as this one's");
    }

    @Test
    void shouldRunTheCProgramForTheCTransport() {
        MessagingLabSettings settings = MessagingLabSettings.of(MessagingProfile.QUICK);
        MessagingCell cell = MessagingCell.pingPong("udp-c", 2_000, settings);
        CellLaunch launch = experiment(settings).launch(cell, new CellFiles(Path.of("/results"), cell.id()));
        assertEquals(List.of("/bin/c-pingpong", "pong", "--host", "127.0.0.1"), launch.server().command());
        List<String> client = launch.client().apply(new InetSocketAddress("127.0.0.1", 4242));
        assertEquals("/bin/c-pingpong", client.getFirst());
        assertTrue(client.containsAll(List.of("ping", "--port", "4242", "--rate", "2000", "--json")));
    }

    private static MessagingExperiment experiment(MessagingLabSettings settings) {
        return new MessagingExperiment(settings, JvmCommand.onClassPath(Path.of("java"), "cp", "Main"),
                () -> Path.of("/bin/c-pingpong"));
    }
}
