package org.allocpool.cli;

import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.allocpool.kv.server.KvServer;
import org.allocpool.kv.server.ServerConfig;
import org.allocpool.kv.store.CheckReport;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreCheck;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.store.StoreFileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool kv serve}: opens (or creates) the store in {@code --dir} and serves it until
 * Ctrl-C, which closes the connections, then the store, cleanly (a shutdown hook).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Serves the store in --dir (created if there is none) until Ctrl-C: the binary protocol on --port "
                + "(length-prefixed frames: GET, PUT, DELETE of a long key; values are opaque bytes, stored as "
                + "received) and HTTP on --http-port (GET/PUT/DELETE /users/{id} with JSON users, stored in the "
                + "flyweight layout, and GET /stats).",
            "With --resp-port, RESP2 (the Redis protocol) as well, for redis-cli, redis-benchmark, Jedis, Lettuce: "
                + "PING, ECHO, GET, SET (EX, PX, EXAT, PXAT, NX, XX; expiry is kept in the entry and checked on read), "
                + "DEL, EXISTS, MGET, MSET, DBSIZE, INFO, COMMAND (an empty array), CONFIG GET, CLIENT SETNAME/SETINFO, "
                + "SELECT 0, QUIT; pipelined and inline (telnet) requests. RESP keys are byte strings up to --max-key "
                + "bytes, kept apart from the binary protocol's long keys. Other commands and options get a Redis-style "
                + "-ERR reply; malformed input, a bulk string over the limits or an inline line over 64 KiB gets "
                + "-ERR Protocol error and the connection is closed.",
            "Ctrl-C (or, with --stop-on-stdin-eof, the end of stdin) closes every connection, then the store. "
                + "Listens on loopback unless --host says otherwise.",
            ""},
        footer = {"", "A damaged store (truncated, or entries failing their checksum after a machine crash) is refused "
                + "with one line that names kv repair.",
            "", "Exit codes: 1 the store or a port could not be opened, 2 bad input."})
final class KvServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "the store's directory (created if missing)")
    Path dir;

    @Option(names = "--host", defaultValue = ServerConfig.DEFAULT_HOST, paramLabel = "ADDRESS",
            description = "the address to listen on; 0.0.0.0 for every interface (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "7070", paramLabel = "PORT",
            description = "the binary protocol's port, 0 for any free one (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--http-port", defaultValue = "7071", paramLabel = "PORT",
            description = "the HTTP port, 0 for any free one (default: ${DEFAULT-VALUE})")
    int httpPort;

    @Option(names = "--resp-port", paramLabel = "PORT",
            description = "also answer RESP2 (the Redis protocol) on this port, 0 for any free one (default: off)")
    Integer respPort;

    @Option(names = "--durability", defaultValue = "async", paramLabel = "async|sync",
            description = "async: a write is done once in the mapped file (the OS writes it back; survives a crash "
                    + "of this process, not of the machine); sync: each write is forced to the disk before "
                    + "it is acknowledged (default: ${DEFAULT-VALUE})")
    String durability;

    @Option(names = "--max-value", defaultValue = "4096", paramLabel = "BYTES",
            description = "the largest value stored, in bytes (default: ${DEFAULT-VALUE})")
    int maxValue;

    @Option(names = "--max-key", defaultValue = "" + StoreConfig.DEFAULT_MAX_KEY, paramLabel = "BYTES",
            description = "the longest RESP (byte-string) key, in bytes; a longer one gets -ERR (default: ${DEFAULT-VALUE})")
    int maxKey;

    @Option(names = "--max-frame", paramLabel = "BYTES",
            description = "the largest binary request frame (op, key and value); a longer one is refused and its "
                    + "connection closed (default: 9 + --max-value)")
    Integer maxFrame;

    @Option(names = "--max-body", defaultValue = "" + ServerConfig.DEFAULT_MAX_HTTP_BODY, paramLabel = "BYTES",
            description = "the largest HTTP request body; a longer one gets 413 (default: ${DEFAULT-VALUE})")
    int maxBody;

    @Option(names = "--capacity", defaultValue = "65536", paramLabel = "ENTRIES",
            description = "entries a new store is sized for before it first grows (default: ${DEFAULT-VALUE})")
    long capacity;

    @Option(names = "--shared",
            description = "open the store so that other processes may open it at the same time, each with --shared "
                    + "(another kv serve on other ports, a program of yours on MappedStore with StoreConfig.shared): "
                    + "the segment locks, counts and log tail then live in the file, a growth by one is seen by all, "
                    + "and a process killed holding a lock is taken over from by the others. Costs a second lock per "
                    + "request and reads that no longer run in parallel within a segment (docs/how-to/shared-mode.md); "
                    + "without it the first process to open the store has it alone and others are refused")
    boolean shared;

    @Option(names = "--stop-on-stdin-eof",
            description = "also stop, closing the store cleanly, when stdin ends: a parent (the lab) that closes it or "
                    + "dies takes the server with it")
    boolean stopOnStdinEof;

    @Option(names = "--threads", paramLabel = "N",
            description = "event-loop threads serving connections (default: one per core)")
    Integer threads;

    @Option(names = "--poll-us", defaultValue = "0", paramLabel = "MICROS",
            description = "how long each event loop polls for its next request before it sleeps, µs (0, the default:"
                    + " it sleeps at once, as Redis does; up to " + ServerConfig.MAX_POLL_MICROS + "). A request that"
                    + " arrives within the poll is read without waking a sleeping thread, which on a virtual machine"
                    + " costs more than the request; the price is a loop kept busy between requests under load. Poll only"
                    + " where each loop has a core to itself: two polling loops beside the client on a 2-core machine"
                    + " served half of what one did")
    int pollMicros;

    @Override
    public Integer call() {
        StoreConfig storeConfig = storeConfig();
        ServerConfig serverConfig = serverConfig();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        quietNettyLeakDetector();
        MappedStore store;
        try {
            store = MappedStore.open(dir, storeConfig);
        } catch (StoreFileException e) {
            err.println("allocpool: kv serve: " + (e.isDamage() ? damaged(e) : KvCommand.reason(e)));
            err.flush();
            return 1;
        } catch (IOException | UncheckedIOException e) {
            err.println("allocpool: kv serve: " + KvCommand.reason(e));
            err.flush();
            return 1;
        }
        KvServer server;
        try {
            server = KvServer.start(store, serverConfig);
        } catch (UncheckedIOException e) {
            store.close();
            err.println("allocpool: kv serve: " + KvCommand.reason(e));
            err.flush();
            return 1;
        }
        CountDownLatch closed = new CountDownLatch(1);
        Thread stop = new Thread(() -> {
            server.close();
            long entries = store.size();
            store.close();
            err.println(String.format(Locale.ROOT, "kv serve: stopped; closed %s (%,d entries, %,d requests served)",
                    store.file(), entries, server.requestsServed()));
            err.flush();
            closed.countDown();
        }, "kv-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(stop);
        String resp = server.respAddress() == null ? ""
                : String.format(Locale.ROOT, ", RESP on %s:%d", serverConfig.host(), server.respAddress().getPort());
        out.println(String.format(Locale.ROOT, "kv serve: %s (%,d entries, %s durability%s); binary protocol on %s:%d, "
                        + "HTTP on %s:%d%s; Ctrl-C stops", store.file(), store.size(),
                storeConfig.durability().name().toLowerCase(Locale.ROOT), store.isShared() ? ", shared" : "",
                serverConfig.host(),
                server.tcpAddress().getPort(), serverConfig.host(), server.httpAddress().getPort(), resp));
        out.flush();
        if (stopOnStdinEof) {
            StdinEnd.await(System.in);
            Runtime.getRuntime().removeShutdownHook(stop);
            stop.run(); // the same clean close as Ctrl-C's
            return 0;
        }
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * One line for a store that opening found damaged: how many entries fail their checks (from a
     * full {@code kv check}, the opening stopped at the first) or the damage it met, and that
     * {@code kv repair} mends it.
     */
    private String damaged(StoreFileException e) {
        Path file = dir.resolve(MappedStore.FILE_NAME);
        String what;
        try {
            CheckReport report = StoreCheck.check(dir);
            what = report.readable()
                    ? String.format(Locale.ROOT, "%,d %s fail their checks", report.problemCount(),
                            report.problemCount() == 1 ? "slot or entry" : "slots or entries")
                    : report.problems().getFirst();
        } catch (IOException | UncheckedIOException checkFailed) {
            what = KvCommand.reason(e);
        }
        return "store " + file + " is damaged (" + what + "): " + KvCommand.repairHint(dir);
    }

    StoreConfig storeConfig() {
        if (maxValue < 1 || maxValue > StoreConfig.MAX_VALUE_LIMIT) {
            throw new IllegalArgumentException("--max-value must be 1.." + StoreConfig.MAX_VALUE_LIMIT + " bytes, was "
                    + maxValue);
        }
        if (capacity < 1 || capacity > StoreConfig.MAX_INITIAL_CAPACITY) {
            throw new IllegalArgumentException("--capacity must be 1.." + StoreConfig.MAX_INITIAL_CAPACITY
                    + " entries, was " + capacity);
        }
        if (maxKey < 1 || maxKey > StoreConfig.MAX_KEY_LIMIT) {
            throw new IllegalArgumentException("--max-key must be 1.." + StoreConfig.MAX_KEY_LIMIT + " bytes, was "
                    + maxKey);
        }
        return new StoreConfig(capacity, maxValue, durability(durability), maxKey, shared);
    }

    ServerConfig serverConfig() {
        return new ServerConfig(host, port, httpPort, maxFrame != null ? maxFrame : ServerConfig.frameFor(maxValue),
                maxBody, threads != null ? threads : Runtime.getRuntime().availableProcessors(),
                respPort != null ? respPort : ServerConfig.NO_RESP, pollMicros);
    }

    static Durability durability(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "async" -> Durability.ASYNC;
            case "sync" -> Durability.SYNC;
            default -> throw new IllegalArgumentException("unknown durability '" + text + "'; allowed: async, sync");
        };
    }

    /**
     * Netty's leak detector samples one buffer in 128 and records where it was allocated: garbage on
     * the hot path. Off, unless the user asked for a level with -Dio.netty.leakDetection.level.
     */
    static void quietNettyLeakDetector() {
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }
}
