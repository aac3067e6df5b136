package org.allocpool.kv.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.allocpool.kv.server.KvServer;
import org.allocpool.kv.server.ServerConfig;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.UserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code kv bench}: N client threads over loopback against a kv server's binary port, each looping
 * GET hit, GET miss, PUT with a given number of requests in flight (the pipeline); lookups and puts
 * per second and latency percentiles (HdrHistogram), as one result record. Without a server address
 * it starts one in this JVM on a temporary directory (deleted afterwards), so clients and server then
 * share the JVM and its cores.
 *
 * <p>Single-threaded from the caller's side: {@link #run} blocks until the run ends and prints a
 * progress line per second on {@code progress}.
 */
public final class KvBench {

    public static final String EXPERIMENT = "kv";
    /** The store's value limit in an embedded run: the default's. */
    private static final int MAX_VALUE_BYTES = 4096;

    private final BenchSettings settings;
    private final PrintStream progress;

    private KvBench(BenchSettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /** Runs the bench; an {@link IllegalStateException} says why a run failed (a client's error). */
    public static ResultRecord run(BenchSettings settings, PrintStream progress) {
        return new KvBench(settings, progress).run();
    }

    /** The cell of a run with these settings (for a failed record too). */
    public static Map<String, Object> cell(BenchSettings settings) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("mode", "bench");
        cell.put("clients", settings.clients());
        cell.put("pipeline", settings.pipeline());
        cell.put("users", settings.users());
        cell.put("durationS", settings.duration().toMillis() / 1000.0);
        cell.put("warmupS", settings.warmup().toMillis() / 1000.0);
        cell.put("server", settings.embedded() ? "embedded" : "remote");
        return cell;
    }

    private ResultRecord run() {
        byte[][] users = encodedUsers(settings.users());
        if (!settings.embedded()) {
            return measure(new InetSocketAddress(settings.host(), settings.port()), users);
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("allocpool-kv-bench");
            StoreConfig config = new StoreConfig(Math.max(StoreConfig.defaults().initialCapacity(), 2L * settings.users()),
                    MAX_VALUE_BYTES, Durability.ASYNC);
            try (MappedStore store = MappedStore.open(dir, config);
                 KvServer server = KvServer.start(store, ServerConfig.of(0, 0, MAX_VALUE_BYTES))) {
                note("embedded server (this JVM) on " + dir + ", binary port " + server.tcpAddress().getPort());
                return measure(server.tcpAddress(), users);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(dir);
        }
    }

    private ResultRecord measure(InetSocketAddress address, byte[][] users) {
        BenchPhase phase = new BenchPhase();
        List<BenchClient> clients = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.clients(); i++) {
            BenchClient client = new BenchClient(i, address, users, settings.clients(), settings.pipeline(), phase);
            clients.add(client);
            threads.add(Thread.ofPlatform().name("kv-bench-" + i).daemon().start(client));
        }
        try (GcPauseRecorder gc = new GcPauseRecorder()) {
            gc.start();
            long loadStart = System.nanoTime();
            while (sum(clients, BenchClient.LOADED) < users.length && failure(clients) == null) {
                sleep(200);
                if (System.nanoTime() - loadStart >= 1_000_000_000L) {
                    note("loading users: " + sum(clients, BenchClient.LOADED) + " of " + users.length);
                    loadStart = System.nanoTime();
                }
            }
            failIfAny(clients, phase, threads);
            phase.startWarmup();
            long warmupMs = settings.warmup().toMillis();
            tick(clients, phase, threads, warmupMs, "warming up");
            Instant measuredFrom = Instant.now();
            long[] before = counts(clients);
            long start = System.nanoTime();
            phase.startMeasuring();
            tick(clients, phase, threads, settings.duration().toMillis(), "measuring");
            phase.stop();
            long elapsedNs = System.nanoTime() - start;
            long[] after = counts(clients);
            GcStatistics gcStatistics = gc.stop(measuredFrom);
            join(threads);
            failIfAny(clients, phase, threads);
            Histogram latency = new Histogram(3);
            clients.forEach(c -> latency.add(c.latency()));
            double seconds = elapsedNs / 1e9;
            BenchMetrics metrics = new BenchMetrics(
                    (after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds, (after[2] - before[2]) / seconds,
                    BenchLatency.of(latency), after[0] - before[0], after[1] - before[1], after[2] - before[2],
                    after[3] - before[3], seconds, gcStatistics);
            return ResultRecord.ok(EXPERIMENT, cell(settings), Environment.current(), metrics);
        } finally {
            phase.stop();
            join(threads);
        }
    }

    /** Lets the clients run for {@code millis}, with a progress line per second. */
    private void tick(List<BenchClient> clients, BenchPhase phase, List<Thread> threads, long millis, String what) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long[] last = counts(clients);
        long lastNs = System.nanoTime();
        for (long left = millis; left > 0; left = (end - System.nanoTime()) / 1_000_000L) {
            sleep(Math.min(1000, left));
            failIfAny(clients, phase, threads);
            long now = System.nanoTime();
            long[] counts = counts(clients);
            double s = (now - lastNs) / 1e9;
            long done = millis - Math.max(0, (end - now) / 1_000_000L);
            note(String.format(Locale.ROOT, "%s %.0fs/%.0fs: %,.0f hits/s, %,.0f misses/s, %,.0f puts/s", what,
                    done / 1000.0, millis / 1000.0, (counts[0] - last[0]) / s, (counts[1] - last[1]) / s,
                    (counts[2] - last[2]) / s));
            last = counts;
            lastNs = now;
        }
    }

    private static long[] counts(List<BenchClient> clients) {
        return new long[] {sum(clients, BenchClient.HITS), sum(clients, BenchClient.MISSES),
                sum(clients, BenchClient.PUTS), sum(clients, BenchClient.UNEXPECTED)};
    }

    private static long sum(List<BenchClient> clients, int kind) {
        long sum = 0;
        for (BenchClient client : clients) {
            sum += client.count(kind);
        }
        return sum;
    }

    private static Throwable failure(List<BenchClient> clients) {
        for (BenchClient client : clients) {
            if (client.failure() != null) {
                return client.failure();
            }
        }
        return null;
    }

    private static void failIfAny(List<BenchClient> clients, BenchPhase phase, List<Thread> threads) {
        Throwable failure = failure(clients);
        if (failure != null) {
            phase.stop();
            join(threads);
            throw new IllegalStateException("a bench client failed: " + failure, failure);
        }
    }

    /** Every user encoded once in the flyweight layout: the bytes loaded and PUT. */
    static byte[][] encodedUsers(int count) {
        UserCodec codec = new FlyweightUserCodec();
        byte[][] users = new byte[count][];
        for (int id = 0; id < count; id++) {
            users[id] = codec.encode(UserGenerator.user(id));
        }
        return users;
    }

    private void note(String line) {
        progress.println("kv bench: " + line);
        progress.flush();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void join(List<Thread> threads) {
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is not worth failing a finished run for
        }
    }
}
