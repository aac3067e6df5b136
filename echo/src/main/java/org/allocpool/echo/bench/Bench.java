package org.allocpool.echo.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.wire.FrameDecoder;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code allocpool echo bench} against a running server: connects {@code clients} connections on
 * one small client event loop group, warms up, then measures throughput each way, round-trip
 * latency, and (from the server's STATS answers before and after) the server's allocation per
 * event and its garbage collections in the window. Human lines go to {@code human}; the result
 * is one {@link ResultRecord}. Runs on the calling thread; not thread-safe.
 */
public final class Bench {

    public static final String EXPERIMENT = "echo";
    private static final int CONTROL_TIMEOUT_MS = 30_000;
    /** How long to wait for the server's JFR stream to deliver the window's collections. */
    private static final long GC_SETTLE_MS = 5_000;
    private static final long PROGRESS_EVERY_NS = TimeUnit.SECONDS.toNanos(5);

    private final BenchSettings settings;
    private final InetSocketAddress server;
    private final PrintStream human;

    private Bench(BenchSettings settings, InetSocketAddress server, PrintStream human) {
        this.settings = settings;
        this.server = server;
        this.human = human;
    }

    /**
     * Runs the bench against {@code server}.
     *
     * @throws IOException           when the server cannot be reached or stops answering
     * @throws IllegalStateException when the run fails (a connection breaks, the server misbehaves)
     */
    public static ResultRecord run(BenchSettings settings, InetSocketAddress server, PrintStream human)
            throws IOException {
        return new Bench(settings, server, human).run();
    }

    /** The cell of a run, from the bench settings and the server's STATS answer (null: not known yet). */
    public static Map<String, Object> cell(BenchSettings s, JsonNode serverStats, String buffers, boolean copy) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("event", s.event().label());
        cell.put("buffers", serverStats != null ? serverStats.path("buffers").asText() : buffers);
        cell.put("copyPerEvent", serverStats != null ? serverStats.path("copyPerEvent").asBoolean() : copy);
        cell.put("clients", s.clients());
        cell.put("gc", serverStats != null ? serverStats.path("gc").asText() : null);
        cell.put("rate", s.rate());
        cell.put("window", s.window());
        cell.put("durationS", s.duration().toNanos() / 1e9);
        return cell;
    }

    private ResultRecord run() throws IOException {
        try (EchoConnection control = EchoConnection.open(server, CONTROL_TIMEOUT_MS)) {
            JsonNode first = control.stats(0, 0);
            human.println(String.format(Locale.ROOT, "echo bench: %s, %d clients, %s, %s buffers, copy per event: %s, "
                            + "%s; server %s", settings.event().label(), settings.clients(),
                    settings.rate() == 0 ? "window " + settings.window() : "rate " + settings.rate() + "/s",
                    first.path("buffers").asText(), first.path("copyPerEvent").asBoolean() ? "yes" : "no",
                    first.path("gc").asText(), server.getHostString() + ":" + server.getPort()));
            LoadControl phase = new LoadControl();
            List<LoadClient> clients = new ArrayList<>();
            EventLoopGroup group = new MultiThreadIoEventLoopGroup(settings.clientThreads(),
                    new DefaultThreadFactory("echo-bench", true), NioIoHandler.newFactory());
            try {
                connect(group, phase, clients);
                await(phase, clients, settings.warmup(), "warm-up");
                JsonNode before = control.stats(0, 0);
                long startNs = System.nanoTime();
                phase.measure();
                await(phase, clients, settings.duration(), "measuring");
                phase.stop();
                long measuredNs = System.nanoTime() - startNs;
                JsonNode after = control.stats(0, 0);
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
                if (phase.failure() != null) {
                    throw new IllegalStateException(phase.failure());
                }
                JsonNode gcWindow = gcWindow(control, before.path("nowNs").asLong(), after.path("nowNs").asLong());
                EchoMetrics metrics = metrics(clients, measuredNs, before, after, gcWindow);
                summarize(metrics);
                Environment env = RecordJson.mapper().treeToValue(after.path("env"), Environment.class);
                return ResultRecord.ok(EXPERIMENT, cell(settings, after, null, false), env, metrics);
            } finally {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
            }
        }
    }

    private void connect(EventLoopGroup group, LoadControl phase, List<LoadClient> clients) {
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT);
        for (int i = 0; i < settings.clients(); i++) {
            LoadClient client = new LoadClient(settings, phase);
            clients.add(client);
            bootstrap.handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    ch.pipeline().addLast(new FrameDecoder(Integer.MAX_VALUE - 16, client), new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelActive(ChannelHandlerContext ctx) {
                            client.start(ctx.pipeline().firstContext());
                        }

                        @Override
                        public void channelInactive(ChannelHandlerContext ctx) {
                            if (!phase.isStopping()) {
                                phase.fail("the server closed a bench connection");
                            }
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            if (!phase.isStopping()) {
                                phase.fail("a bench connection failed: " + cause);
                            }
                            ctx.close();
                        }
                    });
                }
            }).connect(server).syncUninterruptibly(); // the channels close with the group's shutdown
        }
    }

    /** Lets the load run for {@code length}, with a progress line every few seconds. */
    private void await(LoadControl phase, List<LoadClient> clients, Duration length, String what) {
        long end = System.nanoTime() + length.toNanos();
        long lastReceived = received(clients);
        long lastNs = System.nanoTime();
        while (phase.failure() == null) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return;
            }
            sleepNs(Math.min(left, PROGRESS_EVERY_NS));
            long now = System.nanoTime();
            if (now - lastNs >= PROGRESS_EVERY_NS - TimeUnit.MILLISECONDS.toNanos(50) && end - now > 0) {
                long received = received(clients);
                human.println(String.format(Locale.ROOT, "  %s: %,.0f events/s, %.0f s left", what,
                        (received - lastReceived) * 1e9 / (now - lastNs), (end - now) / 1e9));
                lastReceived = received;
                lastNs = now;
            }
        }
        throw new IllegalStateException(phase.failure());
    }

    private static long received(List<LoadClient> clients) {
        long sum = 0;
        for (LoadClient c : clients) {
            sum += c.receivedInAll();
        }
        return sum;
    }

    /** Asks until the server's GC stream has passed the window's end, or a few seconds went by. */
    private static JsonNode gcWindow(EchoConnection control, long sinceNs, long untilNs) throws IOException {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GC_SETTLE_MS);
        while (true) {
            JsonNode answer = control.stats(sinceNs, untilNs);
            JsonNode window = answer.path("gcWindow");
            if (window.path("observedUntilNs").asLong() >= untilNs || System.nanoTime() > giveUp) {
                return window;
            }
            sleepNs(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    private EchoMetrics metrics(List<LoadClient> clients, long measuredNs, JsonNode before, JsonNode after,
                                JsonNode gc) {
        Histogram all = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
        long sent = 0;
        long received = 0;
        long errors = 0;
        for (LoadClient c : clients) {
            all.add(c.histogram());
            sent += c.sent();
            received += c.received();
            errors += c.errors();
        }
        double seconds = measuredNs / 1e9;
        long serverEvents = after.path("eventsEchoed").asLong() - before.path("eventsEchoed").asLong();
        long allocated = after.path("ioAllocatedBytes").asLong() - before.path("ioAllocatedBytes").asLong();
        long serverNs = after.path("nowNs").asLong() - before.path("nowNs").asLong();
        GcStatistics gcStatistics = GcStatistics.of(gc.path("count").asLong(), gc.path("pauses").asLong(),
                gc.path("pauseTotalMs").asDouble(), gc.path("pauseMaxMs").asDouble(), serverNs);
        return new EchoMetrics(received / seconds, sent / seconds, received / seconds,
                serverEvents == 0 ? 0.0 : (double) allocated / serverEvents, LatencyNs.of(all), gcStatistics,
                received, serverEvents, errors, seconds);
    }

    private void summarize(EchoMetrics m) {
        human.println(String.format(Locale.ROOT, "  events/s      %,.0f round trips (sent %,.0f/s, received %,.0f/s) over %.1f s",
                m.eventsPerSecond(), m.sentPerSecond(), m.receivedPerSecond(), m.measuredS()));
        LatencyNs l = m.latencyNs();
        human.println(String.format(Locale.ROOT, "  latency ns    p50 %,d  p99 %,d  p99.9 %,d  max %,d  (mean %,.0f)",
                l.p50(), l.p99(), l.p999(), l.max(), l.mean()));
        human.println(String.format(Locale.ROOT, "  server alloc  %.2f bytes/event (I/O threads, %,d events echoed)",
                m.allocBytesPerEvent(), m.serverEvents()));
        GcStatistics g = m.gc();
        human.println(String.format(Locale.ROOT, "  server GC     %d collections, %d pauses, %.1f ms paused (%.3f%% of "
                        + "the time), longest %.1f ms", g.count(), g.pauses(), g.pauseTotalMs(), g.fraction() * 100,
                g.pauseMaxMs()));
        if (m.errors() > 0) {
            human.println(String.format(Locale.ROOT, "  errors        %,d error replies", m.errors()));
        }
    }

    private static void sleepNs(long ns) {
        try {
            TimeUnit.NANOSECONDS.sleep(ns);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}
