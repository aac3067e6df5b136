package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.ByteKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

/** A real Redis client (Jedis) against a real server's RESP port over loopback. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RespServerTest {

    @TempDir
    Path dir;
    RunningServer running;
    Jedis jedis;

    /** The server a test runs against: async; {@code Sync...Test} runs the same tests with group commit. */
    RunningServer newServer(Path dir) throws IOException {
        return new RunningServer(dir);
    }

    @BeforeEach
    void start() throws IOException {
        running = newServer(dir);
        jedis = jedis();
    }

    @AfterEach
    void stop() {
        jedis.close();
        running.close();
    }

    private Jedis jedis() {
        int wait = (int) RunningServer.WAIT.toMillis();
        return new Jedis("127.0.0.1", running.server.respAddress().getPort(),
                DefaultJedisClientConfig.builder().connectionTimeoutMillis(wait).socketTimeoutMillis(wait).build());
    }

    @Test
    void shouldSetGetDeleteAndTellExistence() {
        assertEquals("PONG", jedis.ping());
        assertNull(jedis.get("user:1"));
        assertEquals("OK", jedis.set("user:1", "Ada"));
        assertEquals("Ada", jedis.get("user:1"));
        assertEquals("OK", jedis.set("user:1", "Grace"));
        assertEquals("Grace", jedis.get("user:1"));
        assertTrue(jedis.exists("user:1"));
        assertEquals(2, jedis.exists("user:1", "user:2", "user:1"), "EXISTS counts a key each time it is named");
        assertEquals(1, jedis.del("user:1", "user:2"));
        assertFalse(jedis.exists("user:1"));
        assertEquals(0, jedis.del("user:1"));
    }

    @Test
    void shouldKeepBinaryKeysAndValuesByteForByte() {
        byte[] key = {0, 1, '\r', '\n', (byte) 0xFF, ' '};
        byte[] value = new byte[RunningServer.MAX_VALUE];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) (i * 31);
        }
        assertEquals("OK", jedis.set(key, value));
        assertArrayEquals(value, jedis.get(key));
        assertEquals("OK", jedis.set(new byte[0], new byte[0]));
        assertArrayEquals(new byte[0], jedis.get(new byte[0]));
    }

    @Test
    void shouldSetAndGetManyKeysAtOnceAndCountThem() {
        assertEquals("OK", jedis.mset("a", "1", "b", "2", "c", "3"));
        assertEquals(Arrays.asList("1", null, "3", "2"), jedis.mget("a", "nope", "c", "b"));
        assertEquals(3, jedis.dbSize());
        jedis.del("b");
        assertEquals(2, jedis.dbSize());
    }

    @Test
    void shouldAnswerPipelinedSetsAndGetsInOrder() {
        int count = 2_000;
        Pipeline pipeline = jedis.pipelined();
        List<Response<String>> sets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sets.add(pipeline.set("key:" + i, "value:" + i));
        }
        List<Response<String>> gets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            gets.add(pipeline.get("key:" + i));
        }
        pipeline.sync();
        for (int i = 0; i < count; i++) {
            assertEquals("OK", sets.get(i).get());
            assertEquals("value:" + i, gets.get(i).get());
        }
        assertEquals(count, jedis.dbSize());
    }

    @Test
    void shouldStoreWithNxOnlyWhenAbsentAndWithXxOnlyWhenPresent() {
        assertNull(jedis.set("k", "xx", SetParams.setParams().xx()));
        assertNull(jedis.get("k"));
        assertEquals("OK", jedis.set("k", "first", SetParams.setParams().nx()));
        assertNull(jedis.set("k", "second", SetParams.setParams().nx()));
        assertEquals("first", jedis.get("k"));
        assertEquals("OK", jedis.set("k", "third", SetParams.setParams().xx()));
        assertEquals("third", jedis.get("k"));
        JedisDataException both = assertThrows(JedisDataException.class,
                () -> jedis.sendCommand(redis.clients.jedis.Protocol.Command.SET, "k", "v", "NX", "XX"));
        assertEquals("ERR syntax error", both.getMessage());
    }

    @Test
    void shouldExpireByTheTimeInTheEntry() {
        assertEquals("OK", jedis.set("later", "v", SetParams.setParams().ex(3600)));
        assertEquals("OK", jedis.set("later-ms", "v", SetParams.setParams().px(3_600_000)));
        assertEquals("v", jedis.get("later"));
        assertEquals("v", jedis.get("later-ms"));
        // an absolute time already past: stored, and gone at once
        assertEquals("OK", jedis.set("gone", "v", SetParams.setParams().pxAt(1)));
        assertNull(jedis.get("gone"));
        assertFalse(jedis.exists("gone"));
        assertEquals("OK", jedis.set("gone", "back", SetParams.setParams().nx()), "an expired key counts as absent");
        assertEquals("back", jedis.get("gone"));
        assertEquals("ERR invalid expire time in 'set' command",
                assertThrows(JedisDataException.class, () -> jedis.set("k", "v", SetParams.setParams().ex(0))).getMessage());
        assertEquals("ERR value is not an integer or out of range", assertThrows(JedisDataException.class,
                () -> jedis.sendCommand(redis.clients.jedis.Protocol.Command.SET, "k", "v", "EX", "soon")).getMessage());
    }

    @Test
    void shouldRefuseWhatItDoesNotSupportAndServeOn() {
        assertEquals("ERR SET option 'KEEPTTL' is not supported by this server (EX, PX, EXAT, PXAT, NX and XX are)",
                assertThrows(JedisDataException.class,
                        () -> jedis.set("k", "v", SetParams.setParams().keepTtl())).getMessage());
        assertEquals("ERR unknown command 'LPUSH', with args beginning with: 'list' 'a' ",
                assertThrows(JedisDataException.class, () -> jedis.lpush("list", "a")).getMessage());
        assertEquals("ERR wrong number of arguments for 'get' command", assertThrows(JedisDataException.class,
                () -> jedis.sendCommand(redis.clients.jedis.Protocol.Command.GET, "a", "b")).getMessage());
        assertEquals("ERR wrong number of arguments for 'mset' command", assertThrows(JedisDataException.class,
                () -> jedis.sendCommand(redis.clients.jedis.Protocol.Command.MSET, "a", "1", "b")).getMessage());
        assertEquals("OK", jedis.set("still", "here"));
        assertEquals("here", jedis.get("still"));
    }

    @Test
    void shouldRefuseAKeyOrValueOverTheLimitsAndServeOn() {
        String longKey = "k".repeat(513);
        assertEquals("ERR key of 513 bytes is over this server's limit of 512 bytes (--max-key)",
                assertThrows(JedisDataException.class, () -> jedis.set(longKey, "v")).getMessage());
        assertEquals("ERR key of 513 bytes is over this server's limit of 512 bytes (--max-key)",
                assertThrows(JedisDataException.class, () -> jedis.get(longKey)).getMessage());
        assertEquals("OK", jedis.set("k".repeat(512), "v"));
        assertEquals("v", jedis.get("k".repeat(512)));
        assertEquals("PONG", jedis.ping());
    }

    @Test
    void shouldRefuseAValueStoredUnderAHigherLimitWithoutBreakingTheReplies() throws IOException {
        jedis.close();
        running.close();
        try (org.allocpool.kv.store.MappedStore bigger = org.allocpool.kv.store.MappedStore.open(dir,
                new org.allocpool.kv.store.StoreConfig(1024, 4 * RunningServer.MAX_VALUE,
                        org.allocpool.kv.store.Durability.ASYNC))) {
            byte[] big = new byte[2 * RunningServer.MAX_VALUE];
            bigger.put(ByteKey.of("big"), big, 0, big.length);
        }
        running = newServer(dir);
        jedis = jedis();
        jedis.set("small", "s");
        JedisDataException e = assertThrows(JedisDataException.class, () -> jedis.mget("small", "big"));
        assertEquals("ERR store failed: the value of key 'big' has 2048 bytes, over this session's --max-value of 1024",
                e.getMessage());
        assertEquals("s", jedis.get("small"));
    }

    @Test
    void shouldAnswerTheCommandsClientsAskAtStart() {
        assertEquals("hello", jedis.echo("hello"));
        assertEquals("OK", jedis.select(0));
        assertTrue(jedis.info().contains("# Keyspace"), jedis.info());
        assertEquals(List.of("save", ""), jedis.configGet("save").entrySet().stream()
                .flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue())).toList());
        assertEquals("no", jedis.configGet("appendonly").get("appendonly"));
        assertEquals("OK", jedis.clientSetname("test"));
    }

    @Test
    void shouldNameItsProcessInInfoAsRedisDoes() {
        // the kv lab reads the server's resident set from /proc/<process_id>, for Redis and for us alike
        assertTrue(jedis.info().contains("process_id:" + ProcessHandle.current().pid() + "\r\n"), jedis.info());
    }

    @Test
    void shouldKeepRespKeysApartFromTheBinaryProtocolsLongKeys() throws IOException {
        jedis.set("42", "resp");
        try (KvClient client = running.client()) {
            assertNull(client.get(42));
        }
        assertTrue(running.store.containsKey(ByteKey.of("42")));
        assertEquals("resp", new String(jedis.get("42".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
    }

    @Test
    void shouldServeSeveralClientsAtOnce() {
        try (Jedis other = jedis()) {
            jedis.set("shared", "1");
            assertEquals("1", other.get("shared"));
            other.close();
            assertEquals("1", jedis.get("shared"));
        }
    }
}
