package org.allocpool.messaging.pingpong;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.run.Options;
import org.allocpool.messaging.run.StdinEnd;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.process.ReadyLine;

/**
 * The two commands of a ping-pong run, each a process of its own: {@code pong} (prints its ready line,
 * answers pings until the end ping or its stdin closes) and {@code ping} (pings the pong named by
 * {@code --host}/{@code --port}, prints the run's one record on stdout). Transports: {@code aeron}
 * (UDP unicast on loopback through an embedded media driver) and {@code udp} (a plain
 * {@code DatagramChannel}). Runs on the main thread.
 */
public final class PingPongMain {

    /** The service name of the pong's ready line. */
    public static final String SERVICE = "messaging-pong";
    /** The sequence of the ping that ends the pong. */
    public static final long END = -1;
    private static final String EXPERIMENT = "messaging";

    private PingPongMain() {
    }

    /** Latency percentiles of one histogram, ns. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Latency(long p50, long p90, long p99, long p999, long max, double mean) {
        static Latency of(Histogram h) {
            return new Latency(h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
                    h.getValueAtPercentile(99.9), h.getMaxValue(), h.getMean());
        }
    }

    /** The metrics of a ping-pong record: the same fields the C program writes. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Metrics(Latency latencyNs, Latency latencyUncorrectedNs, long roundTrips, long lost,
                          Double roundTripsPerSecond, RoundStatistics roundTripsPerSecondRounds,
                          Double allocBytesPerRoundTrip, String histogram) {
    }

    /** {@code pong --transport aeron|udp [--host 127.0.0.1]}. */
    public static int pong(List<String> args, PrintStream out, PrintStream err) {
        Options options = Options.parse(args, Set.of("--transport", "--host"), Set.of());
        String transport = transport(options.text("--transport", "udp"));
        StdinEnd stdin = StdinEnd.watch(System.in);
        try (Pong pong = transport.equals("aeron") ? new AeronPong() : new UdpPong(options.text("--host", Channels.LOOPBACK))) {
            out.println(ReadyLine.of(SERVICE, pong.address()));
            out.flush();
            long answered = pong.run(stdin::hasEnded);
            err.println("pong: answered " + answered + " pings over " + transport);
        }
        return 0;
    }

    /** {@code ping --transport aeron|udp --host H --port P [--rate N] [--warmup-s S] [--round-s S] [--rounds N] --json}. */
    public static int ping(List<String> args, PrintStream out, PrintStream err) {
        Options options = Options.parse(args, Set.of("--transport", "--host", "--port", "--rate", "--warmup-s", "--round-s",
                "--rounds"), Set.of("--json"));
        String transport = transport(options.text("--transport", "udp"));
        InetSocketAddress pong = new InetSocketAddress(options.text("--host", Channels.LOOPBACK), (int) options.number("--port", 0, 1));
        long rate = options.number("--rate", 0, 0);
        Duration warmup = options.seconds("--warmup-s", 2, true);
        Duration round = options.seconds("--round-s", 0.5, false);
        int rounds = (int) options.number("--rounds", 6, 1);
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("kind", "pingpong");
        cell.put("transport", transport.equals("aeron") ? "aeron" : "udp-java");
        cell.put("rate", rate);
        cell.put("messageBytes", RoundTrip.MESSAGE_BYTES);
        cell.put("warmupS", warmup.toNanos() / 1e9);
        cell.put("roundS", round.toNanos() / 1e9);
        cell.put("rounds", rounds);
        Environment env = Environment.current();
        ResultRecord record;
        try (RoundTrip trip = transport.equals("aeron") ? new AeronRoundTrip(pong) : new UdpRoundTrip(pong)) {
            ProgressMarker.say(err, transport + " ping-pong " + (rate == 0 ? "flat out" : "at " + rate + "/s"));
            PingRun.Result result = PingRun.run(trip, rate, warmup, round, rounds);
            for (int i = 0; i < 20 && !trip.send(END); i++) {
                Thread.onSpinWait();
            }
            drainBriefly(trip);
            double[] rates = result.roundRates().stream().mapToDouble(Double::doubleValue).toArray();
            RoundStatistics stats = RoundStatistics.of(rates);
            record = result.roundTrips() == 0
                    ? ResultRecord.failed(EXPERIMENT, cell, env, "no pong came back (" + result.lost() + " lost)")
                    : ResultRecord.ok(EXPERIMENT, cell, env, new Metrics(Latency.of(result.corrected()),
                            rate > 0 ? Latency.of(result.uncorrected()) : null, result.roundTrips(), result.lost(),
                            stats.median(), stats, result.allocBytesPerRoundTrip(),
                            "HdrHistogram, 3 significant digits"));
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            record = ResultRecord.failed(EXPERIMENT, cell, env, e.getMessage());
        }
        out.println(RecordJson.toLine(record));
        return ResultRecord.OK.equals(record.status()) ? 0 : 1;
    }

    /** Lets an Aeron sender put the end ping on the wire before the driver closes. */
    private static void drainBriefly(RoundTrip trip) {
        long until = System.nanoTime() + 50_000_000L;
        try {
            while (System.nanoTime() < until) {
                trip.poll();
            }
        } catch (java.io.UncheckedIOException pongGone) {
            // a UDP pong that ended on the end ping: nothing more to hear
        }
    }

    private static String transport(String name) {
        String t = name.strip().toLowerCase(Locale.ROOT);
        if (!t.equals("aeron") && !t.equals("udp")) {
            throw new IllegalArgumentException("unknown transport '" + name + "'; allowed: aeron, udp");
        }
        return t;
    }
}
