package org.allocpool.lab.messaging;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the messaging lab: a throughput run of one codec over Aeron (a subscriber, then a
 * publisher whose record counts; over IPC the publisher joins the subscriber's media driver), or a ping-pong run over one transport at one rate (a pong, then a
 * ping). Says both children's program arguments and the cell fields its records should carry.
 * Immutable; safe to share.
 *
 * @param kind      {@link MessagingCellFields#THROUGHPUT} or {@link MessagingCellFields#PINGPONG}
 * @param codec     throughput: the codec
 * @param transport ping-pong: {@code aeron}, {@code udp-java} or {@code udp-c}
 * @param rate      ping-pong: pings per second, 0 back to back
 * @param settings  the run's settings (timing, channel, a slow subscriber)
 */
public record MessagingCell(String kind, String codec, String transport, long rate, MessagingLabSettings settings)
        implements LabCell<MessagingCellFields> {

    /** A throughput cell. */
    public static MessagingCell throughput(String codec, MessagingLabSettings settings) {
        return new MessagingCell(MessagingCellFields.THROUGHPUT, codec, "aeron", 0, settings);
    }

    /** A ping-pong cell. */
    public static MessagingCell pingPong(String transport, long rate, MessagingLabSettings settings) {
        return new MessagingCell(MessagingCellFields.PINGPONG, null, transport, rate, settings);
    }

    public boolean isThroughput() {
        return MessagingCellFields.THROUGHPUT.equals(kind);
    }

    /** Whether the C program runs it. */
    public boolean isNative() {
        return "udp-c".equals(transport);
    }

    @Override
    public String id() {
        return isThroughput() ? "throughput-" + codec + (settings.slowNs() > 0 ? "-slow" + settings.slowNs() : "")
                : "pingpong-" + transport + "-" + (rate == 0 ? "flat" : rate + "hz");
    }

    @Override
    public String label() {
        return isThroughput() ? "throughput " + fields().label() : "ping-pong " + fields().label();
    }

    @Override
    public MessagingCellFields fields() {
        double warmup = settings.warmup().toNanos() / 1e9;
        double round = settings.roundTime().toNanos() / 1e9;
        return isThroughput()
                ? new MessagingCellFields(kind, codec, transport, null, null, null, null, null, warmup, round,
                        settings.rounds(), settings.slowNs() > 0 ? settings.slowNs() : null)
                : new MessagingCellFields(kind, null, transport, null, null, null, rate, null, warmup, round,
                        settings.rounds(), null);
    }

    /** Whether this is a throughput cell whose pair shares one media driver over IPC. */
    public boolean isIpc() {
        return isThroughput() && settings.isIpc();
    }

    /**
     * The server's arguments: {@code subscribe ...} or {@code pong ...} (the C program's take no timing).
     *
     * @param aeronDir an IPC cell's folder for the subscriber's media driver, which the publisher joins; else unused
     */
    public List<String> serverArgs(Path subscriberReport, Path aeronDir) {
        List<String> args = new ArrayList<>();
        if (isThroughput()) {
            args.addAll(List.of("subscribe", "--codec", codec, "--channel", settings.channel(), "--report",
                    subscriberReport.toString()));
            if (isIpc()) {
                args.addAll(List.of("--aeron-dir", aeronDir.toString()));
            }
            args.addAll(settings.timingArgs());
            if (settings.slowNs() > 0) {
                args.addAll(List.of("--slow-ns", Long.toString(settings.slowNs())));
            }
        } else {
            args.addAll(List.of("pong", "--transport", javaTransport()));
            if (isNative()) {
                args = new ArrayList<>(List.of("pong", "--host", "127.0.0.1"));
            }
        }
        return List.copyOf(args);
    }

    /**
     * The client's arguments, given where the server listens: {@code publish ... --json} or {@code ping ... --json};
     * an IPC publisher joins the subscriber's driver in {@code aeronDir} instead.
     */
    public List<String> clientArgs(InetSocketAddress server, Path subscriberReport, Path aeronDir) {
        List<String> args = new ArrayList<>();
        String host = server.getHostString();
        String port = Integer.toString(server.getPort());
        if (isThroughput()) {
            args.addAll(List.of("publish", "--codec", codec));
            args.addAll(isIpc() ? List.of("--channel", "ipc", "--aeron-dir", aeronDir.toString())
                    : List.of("--host", host, "--port", port));
            args.addAll(List.of("--subscriber-report", subscriberReport.toString()));
            if (settings.slowNs() > 0) {
                args.addAll(List.of("--slow-ns", Long.toString(settings.slowNs())));
            }
        } else {
            args.add("ping");
            if (!isNative()) {
                args.addAll(List.of("--transport", javaTransport()));
            }
            args.addAll(List.of("--host", host, "--port", port, "--rate", Long.toString(rate)));
        }
        args.addAll(settings.timingArgs());
        args.add("--json");
        return List.copyOf(args);
    }

    private String javaTransport() {
        return transport.toLowerCase(Locale.ROOT).equals("aeron") ? "aeron" : "udp";
    }
}
