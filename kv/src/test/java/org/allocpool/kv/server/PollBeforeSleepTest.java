package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.SelectStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** An event loop that polls before it sleeps: what it hands the loop, and a server that runs on it. */
class PollBeforeSleepTest {

    @TempDir
    Path dir;

    @Test
    void shouldHandTheLoopTheReadyChannelsAsSoonAsAPollFindsSome() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        int strategy = new PollBeforeSleep(TimeUnit.SECONDS.toNanos(10))
                .calculateStrategy(() -> polls.incrementAndGet() < 3 ? 0 : 2, false);
        assertEquals(2, strategy, "the ready count of the third poll");
        assertEquals(3, polls.get());
    }

    @Test
    void shouldSleepOnceThePollFoundNothing() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        int strategy = new PollBeforeSleep(TimeUnit.MICROSECONDS.toNanos(200)).calculateStrategy(() -> {
            polls.incrementAndGet();
            return 0;
        }, false);
        assertEquals(SelectStrategy.SELECT, strategy);
        assertTrue(polls.get() >= 1, "polled before sleeping");
    }

    @Test
    void shouldPollOnceWhenTasksWait() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        int strategy = new PollBeforeSleep(TimeUnit.SECONDS.toNanos(10)).calculateStrategy(() -> {
            polls.incrementAndGet();
            return 0;
        }, true);
        assertEquals(0, strategy, "no ready channel: the loop runs its tasks");
        assertEquals(1, polls.get());
    }

    @Test
    void shouldRefuseAPollOfNoTime() {
        assertThrows(IllegalArgumentException.class, () -> new PollBeforeSleep(0));
    }

    @Test
    void shouldRefuseAPollPastTheLimitNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ServerConfig("127.0.0.1", 0, 0, 2048, 8192, 1).withPollMicros(ServerConfig.MAX_POLL_MICROS + 1));
        assertTrue(e.getMessage().startsWith("--poll-us must be 0..10000"), e.getMessage());
    }

    /** One request at a time, as redis-benchmark -P 1 sends them: each answered, the loop polling between them. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldAnswerRequestsOneAtATimeOnLoopsThatPoll() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1 << 12, 1024, Durability.ASYNC));
             KvServer server = KvServer.start(store,
                     new ServerConfig("127.0.0.1", 0, 0, 2048, 8192, 1).withRespPort(0).withPollMicros(50));
             Socket socket = new Socket()) {
            socket.connect(server.respAddress(), (int) RunningServer.WAIT.toMillis());
            socket.setSoTimeout((int) RunningServer.WAIT.toMillis());
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 1_000; i++) {
                String value = "value-" + i;
                exchange(out, in, RespText.command("SET", "key:" + (i % 10), value), "+OK\r\n");
                exchange(out, in, RespText.command("GET", "key:" + (i % 10)), "$" + value.length() + "\r\n" + value + "\r\n");
            }
            assertEquals(10, store.size());
        }
    }

    private static void exchange(OutputStream out, InputStream in, String request, String reply) throws IOException {
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        byte[] expected = reply.getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(expected, in.readNBytes(expected.length), request);
    }
}
