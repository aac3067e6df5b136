package org.allocpool.lab.echo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in for {@code allocpool echo serve} and {@code allocpool echo bench}, so that the echo lab
 * is tested without the echo module. The fake server listens on an ephemeral port, prints the
 * contract's {@code echo: listening on 127.0.0.1:<port>} line, answers every connection with one
 * line of "stats" (its buffers, copy-per-event and collector) and exits at the end of its stdin. The
 * fake bench connects to {@code --port}, reads those stats and prints a record whose events/s is
 * 1 M × (the strategy's place in {@link #BUFFERS} + 1) × clients, three quarters of that
 * with copy-per-event, in {@code --duration}/{@code --round-time} steady rounds of ±1%. The system property
 * {@code fake.script} changes a cell's behaviour ({@code serve:thread-local/on=stubborn,bench:unpooled/off=crash}).
 * Server behaviours: {@code silent} (never prints its line), {@code die} (a BindException before listening),
 * {@code stubborn} (ignores the end of stdin), {@code dieduring} (exits 3 once the bench has its stats). Bench
 * behaviours: {@code crash}, {@code selffail}, {@code hang}, {@code outlived} (fails only once its server refuses
 * connections: it is dead), {@code nogc} (leaves {@code gc} out of its cell),
 * {@code unsteady} (rounds still rising, not steady). With {@code fake.pidDir} every process writes its pid into
 * that folder, so a test can check that none outlives the lab.
 */
final class FakeEcho {

    /** {@link EchoMatrix#BUFFERS}, copied: the fake runs on the test classes alone, without the lab's. */
    static final List<String> BUFFERS = List.of("unpooled", "netty-pooled", "netty-adaptive", "thread-local");

    private FakeEcho() {
    }

    public static void main(String[] args) throws Exception {
        String pidDir = System.getProperty("fake.pidDir");
        if (pidDir != null) {
            Files.writeString(Path.of(pidDir, args[1] + "-" + ProcessHandle.current().pid() + ".pid"),
                    Long.toString(ProcessHandle.current().pid()));
        }
        System.err.println("fake echo: " + String.join(" ", args));
        if (args[1].equals("serve")) {
            serve(args);
        } else {
            bench(args);
        }
    }

    private static void serve(String[] args) throws Exception {
        String buffers = valueOf(args, "--buffers");
        boolean copy = List.of(args).contains("--copy-per-event");
        String behaviour = behaviour("serve", buffers, copy);
        if (behaviour.equals("die")) {
            System.err.println("Exception in thread \"main\" java.net.BindException: Address already in use");
            System.exit(1);
        }
        if (behaviour.equals("silent")) {
            drain(System.in);
            return;
        }
        ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread stats = new Thread(() -> answer(socket, buffers, copy, behaviour.equals("dieduring")), "stats");
        stats.setDaemon(true);
        stats.start();
        System.out.println("echo: listening on 127.0.0.1:" + socket.getLocalPort());
        System.out.flush();
        drain(System.in);
        if (behaviour.equals("stubborn")) {
            Thread.sleep(120_000);
        }
    }

    private static void answer(ServerSocket socket, String buffers, boolean copy, boolean dieAfter) {
        while (true) {
            try (Socket client = socket.accept(); OutputStream out = client.getOutputStream()) {
                out.write(String.format(Locale.ROOT, "{\"buffers\":\"%s\",\"copyPerEvent\":%s,\"gc\":\"%s\"}%n",
                        buffers, copy, collector()).getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                return;
            }
            if (dieAfter) {
                System.err.println("Exception in thread \"echo-io\" java.lang.OutOfMemoryError: Direct buffer memory");
                Runtime.getRuntime().halt(3);
            }
        }
    }

    private static void bench(String[] args) throws Exception {
        String host = valueOf(args, "--host");
        int port = Integer.parseInt(valueOf(args, "--port"));
        int clients = Integer.parseInt(valueOf(args, "--clients"));
        String event = valueOf(args, "--event");
        String stats;
        try (Socket socket = new Socket(host, port);
             BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            stats = in.readLine();
        }
        String buffers = field(stats, "buffers");
        boolean copy = stats.contains("\"copyPerEvent\":true");
        String gc = field(stats, "gc");
        if (!List.of(args).contains("--json") || !valueOf(args, "--duration").matches("\\d+(s|ms)")
                || !valueOf(args, "--round-time").matches("\\d+(s|ms)") || !valueOf(args, "--max-rounds").matches("\\d+")) {
            System.err.println("bad bench arguments");
            System.exit(2);
        }
        int rounds = (int) Math.max(1, Math.round(millis(valueOf(args, "--duration")) / (double) millis(valueOf(args, "--round-time"))));
        switch (behaviour("bench", buffers, copy)) {
            case "crash" -> {
                System.err.println("Exception in thread \"main\" java.net.ConnectException: Connection refused");
                System.exit(1);
            }
            case "selffail" -> {
                System.out.println("{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"server answered 0 of 64 events\","
                        + "\"cell\":{\"event\":\"" + event + "\",\"buffers\":\"" + buffers + "\",\"copyPerEvent\":" + copy
                        + ",\"clients\":" + clients + ",\"gc\":\"" + gc + "\"}}");
                System.exit(1);
            }
            case "hang" -> Thread.sleep(120_000);
            case "outlived" -> {
                awaitRefused(host, port);
                System.err.println("Exception in thread \"main\" java.io.IOException: the server closed a bench connection");
                System.exit(1);
            }
            case "unsteady" -> System.out.println(record(event, buffers, copy, clients, gc,
                    rising(eventsPerSecond(buffers, copy, clients), rounds), false, copy ? 64.0 : 0.0));
            default -> System.out.println(record(event, buffers, copy, clients,
                    behaviour("bench", buffers, copy).equals("nogc") ? null : gc,
                    steady(eventsPerSecond(buffers, copy, clients), rounds), true, copy ? 64.0 : 0.0));
        }
    }

    /** The fake's events/s for a cell, which the tables test reads back. */
    static double eventsPerSecond(String buffers, boolean copy, int clients) {
        return 1e6 * (BUFFERS.indexOf(buffers) + 1) * clients * (copy ? 0.75 : 1);
    }

    /** The fake's record of a cell, as {@link #bench} prints it: five steady rounds. */
    static String record(String event, String buffers, boolean copy, int clients, String gc) {
        return record(event, buffers, copy, clients, gc, steady(eventsPerSecond(buffers, copy, clients), 5), true,
                copy ? 64.0 : 0.0);
    }

    /**
     * An ok record of a cell whose counted rounds measured {@code rounds} events/s, {@code steady} or not
     * (rounds from {@link #steady} are, from {@link #rising} are not), and {@code bytes} allocated per event.
     * Written by hand: the fake runs on the test classes alone.
     */
    static String record(String event, String buffers, boolean copy, int clients, String gc, double[] rounds,
                         boolean steady, double bytes) {
        double[] sorted = rounds.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        StringBuilder list = new StringBuilder();
        StringBuilder bytesList = new StringBuilder();
        for (double r : rounds) {
            list.append(list.isEmpty() ? "" : ",").append(String.format(Locale.ROOT, "%.1f", r));
            bytesList.append(bytesList.isEmpty() ? "" : ",").append(String.format(Locale.ROOT, "%.1f", bytes));
        }
        return String.format(Locale.ROOT, "{\"experiment\":\"echo\",\"status\":\"ok\","
                        + "\"cell\":{\"event\":\"%s\",\"buffers\":\"%s\",\"copyPerEvent\":%s,\"clients\":%d,%s"
                        + "\"rate\":0,\"window\":64,\"durationS\":1.0},"
                        + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\",\"jvmArgs\":[]},"
                        + "\"metrics\":{\"eventsPerSecond\":%.1f,\"sentPerSecond\":%.1f,\"receivedPerSecond\":%.1f,"
                        + "\"allocBytesPerEvent\":%.1f,\"latencyNs\":{\"p50\":5000,\"p99\":%d,\"p999\":90000,\"max\":200000},"
                        + "\"gc\":{\"count\":3,\"pauseTotalMs\":6.0,\"pauseMaxMs\":3.0,\"pauseAvgMs\":2.0,\"perSecond\":3.0,"
                        + "\"fraction\":%s},"
                        + "\"eventsPerSecondRounds\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f,\"rounds\":[%s]},"
                        + "\"allocBytesPerEventRounds\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f,\"rounds\":[%s]},"
                        + "\"steadyState\":{\"steady\":%s,\"reason\":\"%s\",\"rounds\":%d,\"shift\":0,\"noise\":0,"
                        + "\"drift\":0,\"trendP\":1},\"warmupRounds\":[],\"discardedRounds\":[]}}",
                event, buffers, copy, clients, gc == null ? "" : "\"gc\":\"" + gc + "\",",
                System.getProperty("java.version"), median, median, median, bytes, copy ? 40_000 : 20_000,
                copy ? "0.004" : "0.001", median, sorted[0], sorted[n - 1], list, bytes, bytes, bytes, bytesList,
                steady, steady ? "steady" : "still rising: +30% across the rounds", n);
    }

    /** {@code n} rounds around {@code value} (their median), within ±1%: steady. */
    static double[] steady(double value, int n) {
        double[] rounds = new double[n];
        for (int i = 0; i < n; i++) {
            rounds[i] = value * (i % 3 == 1 ? 0.99 : i % 3 == 2 ? 1.01 : 1);
        }
        return rounds;
    }

    /** {@code n} rounds rising by a tenth of {@code value} each: not steady. */
    static double[] rising(double value, int n) {
        double[] rounds = new double[Math.max(n, 4)];
        for (int i = 0; i < rounds.length; i++) {
            rounds[i] = value * (1 + 0.1 * i);
        }
        return rounds;
    }

    /** Returns once nothing listens on {@code port} any more (a minute at most). */
    private static void awaitRefused(String host, int port) throws InterruptedException {
        long giveUp = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < giveUp) {
            try (Socket probe = new Socket(host, port)) {
                Thread.sleep(20);
            } catch (IOException refused) {
                return;
            }
        }
    }

    private static long millis(String duration) {
        return duration.endsWith("ms") ? Long.parseLong(duration.substring(0, duration.length() - 2))
                : Long.parseLong(duration.substring(0, duration.length() - 1)) * 1000;
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            // until the lab closes our stdin
        }
    }

    private static String collector() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            switch (arg) {
                case "-XX:+UseSerialGC": return "Serial";
                case "-XX:+UseParallelGC": return "Parallel";
                case "-XX:+UseZGC": return "ZGC";
                case "-XX:+UseShenandoahGC": return "Shenandoah";
                case "-XX:+UseG1GC": return "G1";
                default: break;
            }
        }
        return "G1";
    }

    private static String behaviour(String program, String buffers, boolean copy) {
        String wanted = program + ":" + buffers + "/" + (copy ? "on" : "off");
        for (String entry : System.getProperty("fake.script", "").split(",")) {
            String[] parts = entry.split("=");
            if (parts.length == 2 && parts[0].equals(wanted)) {
                return parts[1];
            }
        }
        return "ok";
    }

    private static String field(String json, String name) {
        int start = json.indexOf("\"" + name + "\":\"") + name.length() + 4;
        return json.substring(start, json.indexOf('"', start));
    }

    private static String valueOf(String[] args, String option) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(option)) {
                return args[i + 1];
            }
        }
        throw new IllegalArgumentException("no " + option);
    }
}
