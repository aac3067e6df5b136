package org.allocpool.messaging.throughput;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.codec.Codecs;
import org.allocpool.messaging.codec.MessageCodec;
import org.allocpool.messaging.run.Options;
import org.allocpool.messaging.run.StdinEnd;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.process.ReadyLine;

/**
 * The two commands of a throughput run, each a process of its own: {@code subscribe} (prints its ready
 * line, receives until the end frame, writes its report to {@code --report}) and {@code publish}
 * (publishes to the subscriber named by {@code --host}/{@code --port}, waits for the subscriber's report
 * file, prints the run's one record on stdout). With {@code --channel ipc} the subscriber starts its media
 * driver in {@code --aeron-dir} (the lab names a fresh folder in shared memory and gives it to both; without
 * one, the subscriber makes one and says it on stderr) and the publisher, given the same folder, joins that
 * driver as a client only; {@code --host} and {@code --port} then mean nothing. Runs on the main thread.
 */
public final class ThroughputMain {

    /** The service name of the subscriber's ready line. */
    public static final String SERVICE = "messaging-subscriber";
    static final String EXPERIMENT = "messaging";

    private static final Set<String> TIMING = Set.of("--codec", "--warmup-s", "--round-s", "--rounds");
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

    private ThroughputMain() {
    }

    static Timing timing(Options options) {
        return new Timing(options.seconds("--warmup-s", 2, true), options.seconds("--round-s", 0.5, false),
                (int) options.number("--rounds", 6, 1));
    }

    /**
     * {@code subscribe --codec C [--channel auto|unicast|multicast|ipc] [--aeron-dir DIR] [timing] [--slow-ns N]
     * --report FILE [--max-s S]}.
     */
    public static int subscribe(List<String> args, PrintStream out, PrintStream err) throws IOException {
        Options options = Options.parse(args, union(TIMING, Set.of("--channel", "--aeron-dir", "--slow-ns", "--report",
                "--max-s")), Set.of());
        MessageCodec codec = Codecs.byName(options.text("--codec", "flyweight"));
        Channels.Choice channel = Channels.choose(options.text("--channel", "auto"));
        Timing timing = timing(options);
        Path report = Path.of(options.text("--report", "subscriber-report.json"));
        Duration max = options.seconds("--max-s", 600, false);
        StdinEnd stdin = StdinEnd.watch(System.in);
        try (Subscriber subscriber = Subscriber.open(codec, channel, options.text("--aeron-dir", null), timing,
                options.number("--slow-ns", 0, 0))) {
            err.println("subscriber: " + codec.name() + " over Aeron " + (channel.isIpc() ? "IPC" : "UDP " + channel.mode())
                    + " (" + channel.reason() + "), media driver in " + subscriber.aeronDirectory());
            out.println(ReadyLine.of(SERVICE, InetSocketAddress.createUnresolved(subscriber.host(), subscriber.port())));
            out.flush();
            SubscriberReport result = subscriber.run(stdin::hasEnded, max);
            Path temporary = report.resolveSibling(report.getFileName() + ".tmp");
            Files.writeString(temporary, RecordJson.mapper().writeValueAsString(result));
            Files.move(temporary, report, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            err.println("subscriber: received " + result.received() + " messages, end " + (result.endSeen() ? "seen" : "not seen"));
        }
        return 0;
    }

    /**
     * {@code publish --codec C (--host H --port P | --channel ipc --aeron-dir DIR) [timing] --subscriber-report FILE
     * [--drain-s S]}: prints the record.
     */
    public static int publish(List<String> args, PrintStream out, PrintStream err) throws IOException {
        Options options = Options.parse(args, union(TIMING, Set.of("--host", "--port", "--channel", "--aeron-dir",
                "--subscriber-report", "--drain-s", "--channel-reason", "--slow-ns")), Set.of("--json"));
        MessageCodec codec = Codecs.byName(options.text("--codec", "flyweight"));
        Timing timing = timing(options);
        String host = options.text("--host", Channels.LOOPBACK);
        boolean ipc = "ipc".equals(Channels.mode(options.text("--channel", "auto")));
        int port = (int) options.number("--port", 0, ipc ? 0 : 1);
        String aeronDir = options.text("--aeron-dir", null);
        if (ipc && aeronDir == null) {
            throw new IllegalArgumentException("--channel ipc needs --aeron-dir: the folder of the subscriber's media driver");
        }
        Path report = Path.of(options.text("--subscriber-report", "subscriber-report.json"));
        Duration drain = options.seconds("--drain-s", DRAIN_TIMEOUT.toSeconds(), false);
        Channels.Choice channel = ipc ? Channels.choose("ipc") : udpChannel(host, options.text("--channel-reason", null));
        var cell = ThroughputRecord.cell(codec.name(), codec.way(), channel.mode(), channel.reason(), timing,
                options.number("--slow-ns", 0, 0));
        Environment env = Environment.current();
        ResultRecord record;
        try (Publisher publisher = Publisher.connect(codec, channel, host, port, aeronDir)) {
            ProgressMarker.say(err, codec.name() + ": publishing for " + timing.publishing().toMillis() / 1000.0 + " s");
            PublisherReport sent = publisher.run(timing, () -> Files.exists(report), drain);
            if (!Files.exists(report)) {
                record = ResultRecord.failed(EXPERIMENT, cell, env, "the subscriber did not report within "
                        + drain.toSeconds() + " s of the end frame (published " + sent.published() + ", back-pressured "
                        + sent.backPressured() + " times)");
            } else {
                SubscriberReport received = RecordJson.mapper().readValue(Files.readString(report), SubscriberReport.class);
                record = ResultRecord.ok(EXPERIMENT, cell, env, ThroughputRecord.metrics(sent, received));
            }
        } catch (IllegalStateException e) {
            record = ResultRecord.failed(EXPERIMENT, cell, env, e.getMessage());
        }
        out.println(RecordJson.toLine(record));
        return ResultRecord.OK.equals(record.status()) ? 0 : 1;
    }

    /** The UDP channel the subscriber at {@code host} chose, and why ({@code reason}, or found again here). */
    private static Channels.Choice udpChannel(String host, String reason) throws IOException {
        boolean multicast = InetAddress.getByName(host).isMulticastAddress();
        if (reason != null) {
            return new Channels.Choice(multicast ? "multicast" : "unicast", reason);
        }
        // the subscriber chose on this same machine: "auto" here gives its reason, unless it was asked for a mode
        Channels.Choice auto = Channels.choose("auto");
        return new Channels.Choice(multicast ? "multicast" : "unicast", auto.isMulticast() == multicast ? auto.reason() : "asked for");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        java.util.HashSet<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
