package org.allocpool.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.messaging.MessagingExperiment;
import org.allocpool.lab.messaging.MessagingJar;
import org.allocpool.lab.messaging.MessagingLabSettings;
import org.allocpool.lab.messaging.MessagingProfile;
import org.allocpool.lab.messaging.UdpPingPongProgram;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab messaging}: the messaging lab through the lab runner: per codec a publisher and a
 * subscriber over Aeron, per transport and rate a ping-pong pair, each a child process; its tables and
 * verdict beside the 2015 article; {@code --tables DIR} re-renders a finished run. Tables go to stdout,
 * progress to stderr. Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "messaging", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Throughput: per codec (flyweight, Apache Fory, Kryo 5, JDK serialization; the kv lab's user messages, about"
                + " 60-70 bytes) a subscriber JVM and a publisher JVM over Aeron UDP on loopback, each with an embedded media"
                + " driver that its one thread drives (multicast where a probe datagram to the group comes back on loopback,"
                + " otherwise unicast; the tables say which and why). The publisher encodes as fast as it can into the claimed term buffer; the subscriber"
                + " decodes every message where it lies. Reported: messages/s delivered and decoded, what the publisher"
                + " managed, bytes per message, heap bytes allocated per message on each side, and what the publisher saw:"
                + " back pressure (claims refused, retried, never dropped), loss, a dropped subscriber.",
            "",
            "Ping-pong: one 32-byte ping in flight, back to back and at fixed rates, over Java Aeron, Java DatagramChannel and"
                + " a C program over UDP sockets (built by the native build, carried in the allocpool-native jar): p50, p99,"
                + " p99.9 and max; at a fixed rate counted from the intended send time (coordinated omission corrected), the"
                + " uncorrected p99 beside it.",
            "",
            "Records go to <results>/records.jsonl, tables and verdict to stdout and <results>/tables.md, charts to"
                + " <results>/report.html. A cell that fails is recorded with its reason; the lab goes on. Children run with"
                + " G1, a 256 MB heap and the flags Aeron, Fory and Kryo need (jdk.internal.misc exported, sun.nio.ch and"
                + " java.nio opened, sun.misc.Unsafe allowed): they stay out of the product, in messaging/target.",
            ""})
final class MessagingLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): 10 cells, one fork each, 3 s warm-up + 6 rounds of 0.5 s, rates 0 and 2,000/s,"
                    + " " + QuickProfileTimes.MESSAGING + " on 2 cores; full: 10 s + 10 rounds of 1 s, rates 0, 2,000 and 20,000/s, three forks.")
    String profile;

    @Option(names = "--codec", paramLabel = "NAME", split = ",",
            description = "Throughput codecs: flyweight, fory, kryo, jdk, or none. Default: all.")
    List<String> codecs;

    @Option(names = "--transport", paramLabel = "NAME", split = ",",
            description = "Ping-pong transports: aeron, udp-java, udp-c, or none. Default: all.")
    List<String> transports;

    @Option(names = "--rate", paramLabel = "N", split = ",",
            description = "Ping rates per second, 0 for back to back (comma-separated). Default: the profile's.")
    List<Long> rates;

    @Option(names = "--channel", paramLabel = "auto|unicast|multicast|ipc",
            description = "The throughput channel. auto (default): multicast if a probe datagram to the group comes back on loopback, else unicast."
                    + " ipc: no socket; the publisher joins the subscriber's media driver (aeron:ipc, shared memory) as a client"
                    + " only, one spinning thread per process still.")
    String channel;

    @Option(names = "--slow-subscriber-ns", paramLabel = "NS",
            description = "Adds this many ns of work per message in every subscriber: shows what a subscriber that cannot"
                    + " keep up does to the publisher. Default: 0.")
    Long slowNs;

    @Option(names = "--forks", paramLabel = "N", description = "Child pairs per cell. Default: the profile's.")
    Integer forks;

    @Option(names = "--warmup-s", paramLabel = "S", description = "Warm-up of every child, seconds. Default: the profile's.")
    Double warmupSeconds;

    @Option(names = "--round-s", paramLabel = "S", description = "One timed round, seconds. Default: the profile's.")
    Double roundSeconds;

    @Option(names = "--rounds", paramLabel = "N", description = "Timed rounds. Default: the profile's.")
    Integer rounds;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "A JVM argument appended for every Java child (repeatable).")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork running longer, e.g. 90s. Default: its measuring + 75 s.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        MessagingLabSettings settings = new MessagingLabSettings(MessagingProfile.byName(profile), codecs, transports, rates,
                seconds(warmupSeconds, "--warmup-s", true), seconds(roundSeconds, "--round-s", false), rounds, forks, channel,
                slowNs, jvmArgs, folders.javaHome,
                cellTimeout == null ? null : LabCommand.durationOption("--cell-timeout", cellTimeout));
        RunOptions run = folders.runOptions();
        return new LabRunner(System.out, System.err).run(
                new MessagingExperiment(settings, MessagingJar.command(), UdpPingPongProgram::locate), run);
    }

    private static Duration seconds(Double value, String option, boolean zeroAllowed) {
        if (value == null) {
            return null;
        }
        if (!(value > 0 || (zeroAllowed && value == 0))) {
            throw new IllegalArgumentException(option + " must be a " + (zeroAllowed ? "non-negative" : "positive")
                    + " number of seconds, was " + value);
        }
        return Duration.ofNanos(Math.round(value * 1e9));
    }
}
