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
    void shouldRejectAnUnknownChannelNamingItAndTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MessagingLabSettings(null, null,
                null, null, null, null, null, null, "shm", null, null, null, null));
        assertTrue(e.getMessage().contains("'shm'") && e.getMessage().contains("ipc"), e.getMessage());
    }

    @Test
    void shouldHaveAnIpcPublisherJoinTheSubscribersDriverInAFolderTheLabNamesAndDeletes() {
        MessagingLabSettings settings = new MessagingLabSettings(null, List.of("fory"), List.of("none"), null, null, null, null,
                null, " IPC ", null, null, null, null);
        assertEquals("ipc", settings.channel());
        MessagingCell cell = experiment(settings).cells().getFirst();
        assertTrue(cell.isIpc());
        CellLaunch launch = experiment(settings).launch(cell, new CellFiles(Path.of("/results"), cell.id()));
        List<String> server = launch.server().command();
        List<String> client = launch.client().apply(new InetSocketAddress("127.0.0.1", 0));
        int serverDir = server.indexOf("--aeron-dir");
        int clientDir = client.indexOf("--aeron-dir");
        assertTrue(serverDir > 0 && clientDir > 0, server + " / " + client);
        String dir = server.get(serverDir + 1);
        assertEquals(dir, client.get(clientDir + 1), "the publisher joins the subscriber's driver");
        assertTrue(server.containsAll(List.of("subscribe", "--channel", "ipc")), server.toString());
        assertTrue(client.containsAll(List.of("publish", "--channel", "ipc", "--subscriber-report",
                "/results/throughput-fory.subscriber.json", "--json")), client.toString());
        assertFalse(client.contains("--host") || client.contains("--port"), "no socket over IPC: " + client);
        assertEquals(List.of(Path.of(dir)), launch.cleanup(), "a killed subscriber's driver files do not stay behind");
        assertTrue(Path.of(dir).getFileName().toString().startsWith("allocpool-aeron-throughput-fory-"), dir);
    }

    @Test
    void shouldGiveAUdpPairNoDriverFolder() {
        MessagingLabSettings settings = new MessagingLabSettings(null, List.of("fory"), List.of("none"), null, null, null, null,
                null, "unicast", null, null, null, null);
        MessagingCell cell = experiment(settings).cells().getFirst();
        CellLaunch launch = experiment(settings).launch(cell, new CellFiles(Path.of("/results"), cell.id()));
        assertFalse(launch.server().command().contains("--aeron-dir"));
        assertTrue(launch.cleanup().isEmpty());
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
