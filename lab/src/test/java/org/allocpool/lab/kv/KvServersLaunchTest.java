package org.allocpool.lab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

/** How the servers section is planned and started: its cells, kv serve as the lab's server, Redis by the cell. */
class KvServersLaunchTest {

    private static final JvmCommand CONTENDERS = JvmCommand.onClassPath(Path.of("/jdk/bin/java"), "contenders.jar", "Main");
    private static final JvmCommand ALLOCPOOL = JvmCommand.onClassPath(Path.of("/jdk/bin/java"), "allocpool.jar", "Cli");

    @Test
    void shouldLeaveTheServersOutOfTheDefaultRunAndRunThemWhenAsked() {
        assertTrue(new KvLabSettings(null, null, null, null, null, null, null, null, null, null, null).cells()
                .stream().noneMatch(KvContender::isServers));
        List<KvCell> cells = experiment("servers").cells();
        assertEquals(List.of("redis-everysec", "kvserve-async", "redis-always", "kvserve-sync", "pair-async"),
                cells.stream().map(KvCell::id).toList());
        assertEquals("server/kvserve-async/1000000", cells.get(1).fields().key());
    }

    @Test
    void shouldStartKvServeAsTheLabsServerAndPointTheCellAtItsRespPort() {
        KvCell kvServe = experiment("servers").cells().get(1);
        CellLaunch launch = experiment("servers").launch(kvServe, new CellFiles(Path.of("/r"), "kvserve-async-f1"));

        assertNotNull(launch.server());
        List<String> server = launch.server().command();
        assertTrue(server.containsAll(List.of("allocpool.jar", "kv", "serve", "--resp-port", "0", "--durability", "async",
                "--stop-on-stdin-eof", "--sun-misc-unsafe-memory-access=deny")), server.toString());
        assertEquals("1", server.get(server.indexOf("--threads") + 1), "one event loop, as Redis has one thread: " + server);
        assertEquals(String.valueOf(KvCell.KV_SERVE_POLL_MICROS), server.get(server.indexOf("--poll-us") + 1),
                "the loop polls before it sleeps, as the tables say: " + server);
        assertTrue(server.contains("-Dio.netty.tryReflectionSetAccessible=true")
                && server.stream().anyMatch(flag -> flag.startsWith("--add-opens=java.base/sun.nio.ch=")),
                "the selector flags ./allocpool kv serve gets: " + server);
        List<String> client = launch.client().apply(new InetSocketAddress("127.0.0.1", 40123));
        assertTrue(String.join(" ", client).contains("contenders.jar Main --server kvserve --durability async"
                + " --connect 127.0.0.1:40123 --tests get,set --connections 1,4,16 --pipelines 1,16 --users 1000000"),
                client.toString());
        assertEquals(List.of(Path.of("/r/kvserve-async-f1-data")), launch.cleanup());
    }

    @Test
    void shouldLetTheCellStartRedisWithItsFilesInTheCellsFolder() {
        KvCell always = experiment("servers").cells().get(2);
        CellLaunch launch = experiment("servers").launch(always, new CellFiles(Path.of("/r"), "redis-always-f1"));

        assertNull(launch.server());
        String client = String.join(" ", launch.client().apply(null));
        assertTrue(client.contains("--server redis --durability always --dir /r/redis-always-f1-data --tests set"
                + " --connections 4 --pipelines 1,16 --no-load"), client);
    }

    @Test
    void shouldStartKvServeForThePairAndLetTheCellStartRedisBesideItsStore() {
        KvCell pair = experiment("servers").cells().get(4);
        CellLaunch launch = experiment("servers").launch(pair, new CellFiles(Path.of("/r"), "pair-async-f1"));

        assertNotNull(launch.server());
        assertTrue(launch.server().command().containsAll(List.of("kv", "serve", "--dir", "/r/pair-async-f1-data",
                "--durability", "async")), launch.server().command().toString());
        String client = String.join(" ", launch.client().apply(new InetSocketAddress("127.0.0.1", 40123)));
        assertTrue(client.contains("--server pair --durability async --connect 127.0.0.1:40123"
                + " --dir /r/pair-async-f1-data/redis --tests get,set --connections 4 --pipelines 1,16"), client);
        assertEquals(List.of(Path.of("/r/pair-async-f1-data")), launch.cleanup());
    }

    @Test
    void shouldReadWhereKvServeAnswersRespFromItsFirstLine() {
        Matcher ready = KvExperiment.KV_SERVE_READY.matcher("kv serve: /tmp/d/store.kv (0 entries, async durability);"
                + " binary protocol on 127.0.0.1:41001, HTTP on 127.0.0.1:41002, RESP on 127.0.0.1:41003; Ctrl-C stops");
        assertTrue(ready.matches());
        assertEquals("127.0.0.1", ready.group(1));
        assertEquals("41003", ready.group(2));
    }

    @Test
    void shouldRefuseTheServersWithoutAWayToStartKvServe() {
        assertThrows(IllegalArgumentException.class, () -> new KvExperiment(settings("servers"), CONTENDERS));
    }

    private static KvExperiment experiment(String contenders) {
        return new KvExperiment(settings(contenders), CONTENDERS, ALLOCPOOL);
    }

    private static KvLabSettings settings(String contenders) {
        return new KvLabSettings(KvProfile.QUICK, null, List.of(contenders), null, null, null, null, null, null, null, null);
    }
}
