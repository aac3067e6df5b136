package org.allocpool.kv.contenders;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;

/**
 * One servers cell: the server (Redis started here, or {@code kv serve} the lab started) loaded with
 * {@code keys} keys of 60-byte values named as {@code redis-benchmark -r} names them, so that every
 * GET hits, its resident set read before and after from {@code /proc/<INFO process_id>/status}, then
 * {@code redis-benchmark} run over the grid: per test, connection count and pipeline depth, a warm-up
 * that sizes the rounds to about one round's time, then rounds checked for a steady state as every
 * kv phase's are. A {@code pair} cell runs Redis and kv serve side by side, both loaded, and alternates
 * their rounds (Redis then kv serve, then kv serve then Redis, ...), so that each ratio compares two
 * rounds a second apart, not two cells minutes apart on a machine whose load drifts. Runs on the
 * caller's thread; the Redis it starts is stopped before it returns.
 */
final class ServerRun {

    /** The value size, {@code redis-benchmark -d}. */
    static final int VALUE_BYTES = 60;
    /** What a cell says when a Redis tool is missing; the lab's tables quote it in their footnote. */
    static final String INSTALL = "(Debian/Ubuntu: apt-get install redis-server redis-tools)";

    private static final Duration LINK_TIMEOUT = Duration.ofSeconds(60);
    private static final int LOAD_BATCH = 1_000;
    /**
     * How long the server is left idle after loading before its resident set is read: what it holds,
     * not what a moment of the load held (kv serve keeps the mappings its store's growths replaced
     * for a quarter of a second; read at once, their pages counted again: 352 MB where 265 stay).
     * The peak ({@code VmHWM}) keeps the moment.
     */
    static final Duration SETTLE = Duration.ofSeconds(1);
    /** Redis's {@code appendfsync} in a pair cell: the promise nearest the store's {@code async}. */
    static final String PAIRED_REDIS_FSYNC = "everysec";


    private final PhaseTiming timing;
    private final PrintStream progress;

    ServerRun(PhaseTiming timing, PrintStream progress) {
        this.timing = timing;
        this.progress = progress;
    }

    /**
     * Measures the cell {@code options} describe with {@code keys} keys, Redis's files in {@code dir}.
     *
     * @throws ContenderMain.CouldNotStart when a Redis tool is not installed or the server cannot be reached
     */
    ServerMetrics measure(ServerOptions options, long keys, Path dir) throws Exception {
        Path benchmark = installed("redis-benchmark");
        if (benchmark == null) {
            throw new ContenderMain.CouldNotStart("redis-benchmark is not installed " + INSTALL, null);
        }
        String benchmarkVersion = version(benchmark);
        if (!options.startsRedis()) {
            return measureAt(options, options.connect(), keys, benchmark, benchmarkVersion);
        }
        Path redisServer = installed("redis-server");
        if (redisServer == null) {
            throw new ContenderMain.CouldNotStart("redis-server is not installed " + INSTALL, null);
        }
        Files.createDirectories(dir);
        RedisProcess redis;
        try {
            redis = RedisProcess.start(redisServer, dir, options.isPair() ? PAIRED_REDIS_FSYNC : options.durability());
        } catch (IOException e) {
            throw new ContenderMain.CouldNotStart(e.getMessage(), e);
        }
        try (redis) {
            return options.isPair() ? measurePair(options, redis.address(), keys, benchmark, benchmarkVersion)
                    : measureAt(options, redis.address(), keys, benchmark, benchmarkVersion);
        }
    }

    /**
     * The pair cell: Redis at {@code redis} and kv serve at {@code options.connect()}, both loaded with
     * {@code keys} keys, then per test of the grid their rounds interleaved. Resident sets are the
     * main grid's business and are not read here.
     */
    private ServerMetrics measurePair(ServerOptions options, InetSocketAddress redis, long keys, Path benchmark,
                                      String benchmarkVersion) throws Exception {
        String redisInfo = info(options, redis);
        String ourInfo = info(options, options.connect());
        String redisVersion = versionIn(redisInfo);
        String ourVersion = versionIn(ourInfo);
        long redisPid = processId(redisInfo);
        long ourPid = processId(ourInfo);
        long start = System.nanoTime();
        for (InetSocketAddress address : List.of(redis, options.connect())) {
            progress.printf(Locale.ROOT, "%s: loading %,d keys%n", address.equals(redis) ? "redis" : "kv serve", keys);
            try (RespLink link = RespLink.connect(address, LINK_TIMEOUT)) {
                link.loadKeys(0, keys, VALUE_BYTES, LOAD_BATCH);
            }
        }
        double loadSeconds = (System.nanoTime() - start) / 1e9;
        settle();
        List<ServerMetrics.Benchmark> runs = new ArrayList<>();
        for (int connections : options.connections()) {
            for (int pipeline : options.pipelines()) {
                for (String test : options.tests()) {
                    runs.add(pairBenchmark(benchmark, redis, redisPid, options.connect(), ourPid, test, connections,
                            pipeline, Math.max(1, keys)));
                }
            }
        }
        return new ServerMetrics(options.server(), options.durability(), ourVersion + " beside " + redisVersion
                + " (appendfsync " + PAIRED_REDIS_FSYNC + ")", benchmarkVersion, keys, loadSeconds, null, null, null,
                null, null, runs);
    }

    /**
     * One test of the pair cell: each server warmed up (which sizes its rounds), then rounds in pairs,
     * the order alternating, until {@code timing.rounds()} pairs pass the steady-state check (kv serve's
     * rates, Redis's and their ratios, each checked), dropping the oldest pair while they do not, up to
     * {@code timing.maxRounds()} pairs.
     */
    private ServerMetrics.Benchmark pairBenchmark(Path benchmark, InetSocketAddress redis, long redisPid,
                                                  InetSocketAddress ours, long ourPid, String test, int connections,
                                                  int pipeline, long keyspace) throws IOException {
        progress.printf(Locale.ROOT, "redis-benchmark -t %s -c %d -P %d, Redis and kv serve in turn%n", test,
                connections, pipeline);
        long redisRound = warmUp(benchmark, redis, test, connections, pipeline, keyspace);
        long ourRound = warmUp(benchmark, ours, test, connections, pipeline, keyspace);
        RoundSeries redisRates = new RoundSeries();
        RoundSeries ourRates = new RoundSeries();
        RoundSeries ratios = new RoundSeries();
        ServerCpu redisCpu = new ServerCpu(redisPid);
        ServerCpu ourCpu = new ServerCpu(ourPid);
        int pairs = 0;
        while (true) {
            double redisRate;
            double ourRate;
            if (pairs++ % 2 == 0) {
                redisRate = run(benchmark, redis, redisCpu, test, connections, pipeline, redisRound, keyspace);
                ourRate = run(benchmark, ours, ourCpu, test, connections, pipeline, ourRound, keyspace);
            } else {
                ourRate = run(benchmark, ours, ourCpu, test, connections, pipeline, ourRound, keyspace);
                redisRate = run(benchmark, redis, redisCpu, test, connections, pipeline, redisRound, keyspace);
            }
            redisRates.add(redisRate);
            ourRates.add(ourRate);
            ratios.add(ourRate / redisRate);
            if (ratios.size() < timing.rounds()) {
                continue;
            }
            if ((redisRates.steady() && ourRates.steady() && ratios.steady()) || pairs >= timing.maxRounds()) {
                break;
            }
            redisRates.dropOldest();
            ourRates.dropOldest();
            ratios.dropOldest();
        }
        return new ServerMetrics.Benchmark(runName(test, connections, pipeline), test, connections, pipeline,
                ourRound, ourRates.rounds(), redisRates.rounds(), ratios.rounds(), ourCpu.microsPerRequest(),
                redisCpu.microsPerRequest());
    }

    /** One series of rounds: those that count, and the oldest ones dropped while they were not steady. Not thread-safe. */
    private static final class RoundSeries {
        private final List<Double> kept = new ArrayList<>();
        private final List<Double> discarded = new ArrayList<>();

        void add(double value) {
            kept.add(value);
        }

        int size() {
            return kept.size();
        }

        int dropped() {
            return discarded.size();
        }

        boolean steady() {
            return SteadyState.of(values(kept)).steady();
        }

        void dropOldest() {
            discarded.add(kept.removeFirst());
        }

        ServerMetrics.Rounds rounds() {
            double[] values = values(kept);
            return new ServerMetrics.Rounds(RoundStatistics.of(values), SteadyState.of(values), discarded);
        }
    }

    /** The server's {@code INFO server} reply. */
    private static String info(ServerOptions options, InetSocketAddress address) throws ContenderMain.CouldNotStart {
        try (RespLink link = RespLink.connect(address, LINK_TIMEOUT)) {
            String info = link.call("INFO", "server");
            if (infoField(info, "process_id") == null) {
                throw new IOException("its INFO has no process_id");
            }
            return info;
        } catch (IOException | RuntimeException e) {
            throw new ContenderMain.CouldNotStart("cannot ask " + options.server() + " at " + address + " for INFO: "
                    + ContenderMain.reason(e), e);
        }
    }

    /** The server's process id, from an {@code INFO server} reply that {@link #info} checked has one. */
    private static long processId(String info) {
        return Long.parseLong(infoField(info, "process_id"));
    }

    /** What an {@code INFO server} reply says the server is. */
    private static String versionIn(String info) {
        return infoField(info, "allocpool_kv") != null ? "allocpool kv serve (RESP2)" : "Redis " + infoField(info, "redis_version");
    }

    private ServerMetrics measureAt(ServerOptions options, InetSocketAddress address, long keys, Path benchmark,
                                    String benchmarkVersion) throws Exception {
        String info = info(options, address);
        long pid = processId(info);
        String version = versionIn(info);
        Double loadSeconds = null;
        ProcessMemory empty = null;
        ProcessMemory loaded = null;
        if (options.load()) {
            empty = ProcessMemory.of(pid);
            progress.printf(Locale.ROOT, "%s: loading %,d keys%n", options.server(), keys);
            long start = System.nanoTime();
            try (RespLink link = RespLink.connect(address, LINK_TIMEOUT)) {
                link.loadKeys(0, keys, VALUE_BYTES, LOAD_BATCH);
            }
            loadSeconds = (System.nanoTime() - start) / 1e9;
            settle();
            loaded = ProcessMemory.of(pid);
        }
        List<ServerMetrics.Benchmark> runs = new ArrayList<>();
        for (int connections : options.connections()) {
            for (int pipeline : options.pipelines()) {
                for (String test : options.tests()) {
                    runs.add(benchmark(benchmark, address, pid, test, connections, pipeline, Math.max(1, keys)));
                }
            }
        }
        return new ServerMetrics(options.server(), options.durability(), version, benchmarkVersion,
                options.load() ? keys : 0, loadSeconds, empty == null ? null : empty.residentMb(),
                loaded == null ? null : loaded.residentMb(), loaded == null ? null : loaded.peakMb(),
                loaded == null ? null : loaded.residentMb() / keys * 1e6,
                loaded == null ? null : (loaded.residentMb() - empty.residentMb()) / keys * 1e6, runs);
    }

    private ServerMetrics.Benchmark benchmark(Path benchmark, InetSocketAddress address, long pid, String test,
                                              int connections, int pipeline, long keyspace) throws IOException {
        progress.printf(Locale.ROOT, "redis-benchmark -t %s -c %d -P %d%n", test, connections, pipeline);
        long perRound = warmUp(benchmark, address, test, connections, pipeline, keyspace);
        RoundSeries rates = new RoundSeries();
        ServerCpu cpu = new ServerCpu(pid);
        while (true) {
            rates.add(run(benchmark, address, cpu, test, connections, pipeline, perRound, keyspace));
            if (rates.size() < timing.rounds()) {
                continue;
            }
            if (rates.steady() || rates.size() + rates.dropped() >= timing.maxRounds()) {
                break;
            }
            rates.dropOldest();
        }
        return new ServerMetrics.Benchmark(runName(test, connections, pipeline), test, connections, pipeline, perRound,
                rates.rounds(), cpu.microsPerRequest());
    }

    /** A benchmark's name in the record: {@code get-c4-P16}. */
    private static String runName(String test, int connections, int pipeline) {
        return test + "-c" + connections + "-P" + pipeline;
    }

    /** The warm-up: runs for the profile's warm-up time, sizing {@code -n} so that one round takes about a round's time; returns that {@code -n}. */
    private long warmUp(Path benchmark, InetSocketAddress address, String test, int connections, int pipeline,
                        long keyspace) throws IOException {
        long warmEnd = System.nanoTime() + timing.warmup().toNanos();
        long n = 500L * pipeline;
        double rate;
        do {
            long start = System.nanoTime();
            rate = run(benchmark, address, test, connections, pipeline, n, keyspace);
            double took = (System.nanoTime() - start) / 1e9;
            n = took < 0.1 ? n * 4 : Math.max(connections * (long) pipeline, (long) (rate * seconds(timing.round())));
        } while (System.nanoTime() < warmEnd);
        return Math.max(connections * (long) pipeline, (long) (rate * seconds(timing.round())));
    }

    /** A timed round: one {@code redis-benchmark} run whose server's CPU time {@code cpu} counts; its requests per second. */
    private static double run(Path benchmark, InetSocketAddress address, ServerCpu cpu, String test, int connections,
                              int pipeline, long requests, long keyspace) throws IOException {
        long ticks = cpu.ticksNow();
        double rate = run(benchmark, address, test, connections, pipeline, requests, keyspace);
        cpu.count(ticks, requests);
        return rate;
    }

    /** One {@code redis-benchmark} run: its requests per second for {@code test}. */
    private static double run(Path benchmark, InetSocketAddress address, String test, int connections, int pipeline,
                              long requests, long keyspace) throws IOException {
        List<String> command = List.of(benchmark.toString(), "-h", address.getHostString(),
                "-p", Integer.toString(address.getPort()), "-c", Integer.toString(connections),
                "-P", Integer.toString(pipeline), "-t", test, "-n", Long.toString(requests),
                "-r", Long.toString(keyspace), "-d", Integer.toString(VALUE_BYTES), "--csv");
        ChildExit exit = Child.of(command).timeout(Duration.ofMinutes(5)).run();
        if (!exit.isSuccess()) {
            throw new IOException("redis-benchmark " + exit.failure());
        }
        Map<String, Double> rates = RedisBenchmarkOutput.requestsPerSecond(exit.stdout());
        Double rate = rates.get(test.toUpperCase(Locale.ROOT));
        if (rate == null) {
            throw new IOException("redis-benchmark printed no " + test.toUpperCase(Locale.ROOT) + " result, only " + rates.keySet());
        }
        return rate;
    }

    private static String version(Path benchmark) {
        try {
            ChildExit exit = Child.of(List.of(benchmark.toString(), "--version")).timeout(Duration.ofSeconds(10)).run();
            return exit.stdout().strip();
        } catch (IOException e) {
            return "?";
        }
    }

    private static void settle() {
        try {
            Thread.sleep(SETTLE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A field of an {@code INFO} reply ({@code process_id}), or {@code null}. */
    static String infoField(String info, String field) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        return null;
    }

    /** {@code name} on the {@code PATH}, or {@code null}. */
    static Path installed(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    private static double[] values(List<Double> rounds) {
        return rounds.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
