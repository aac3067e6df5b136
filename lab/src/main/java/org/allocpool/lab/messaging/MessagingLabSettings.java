package org.allocpool.lab.messaging;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.process.JvmCommand;

/**
 * Everything a messaging lab run needs to know, validated, with the profile's defaults filled in: after
 * construction every component holds what will run. Names may be comma-separated and ignore case.
 * Immutable; safe to share.
 *
 * @param profile     quick (default) or full
 * @param codecs      codecs of the throughput cells; {@code null} or empty for all of {@link #CODECS}; {@code none} for no throughput cell
 * @param transports  ping-pong transports; {@code null} or empty for all of {@link #TRANSPORTS}; {@code none} for no ping-pong cell
 * @param rates       ping rates per second, 0 back to back; {@code null} or empty for the profile's
 * @param warmup      warm-up of every child; {@code null} for the profile's
 * @param roundTime   one timed round; {@code null} for the profile's
 * @param rounds      timed rounds; {@code null} for the profile's
 * @param forks       child pairs per cell; {@code null} for the profile's
 * @param channel     the throughput channel: auto (multicast where loopback allows it), unicast, multicast, or ipc
 *                    (both processes share the subscriber's media driver through shared memory)
 * @param slowNs      a delay added per message in every subscriber, ns (0: none): shows what a slow subscriber does
 * @param jvmArgs     JVM arguments appended for every Java child
 * @param javaHome    a JDK whose {@code bin/java} runs the children, or {@code null} for this one
 * @param cellTimeout how long one fork may take; {@code null} for the measuring + {@link MessagingProfile#FORK_OVERHEAD}
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record MessagingLabSettings(MessagingProfile profile, List<String> codecs, List<String> transports, List<Long> rates,
                                   Duration warmup, Duration roundTime, Integer rounds, Integer forks, String channel,
                                   Long slowNs, List<String> jvmArgs, Path javaHome, Duration cellTimeout) {

    public static final List<String> CODECS = List.of("flyweight", "fory", "kryo", "jdk");
    public static final List<String> TRANSPORTS = List.of("aeron", "udp-java", "udp-c");
    public static final List<String> CHANNELS = List.of("auto", "unicast", "multicast", "ipc");

    public MessagingLabSettings {
        profile = profile == null ? MessagingProfile.QUICK : profile;
        codecs = names(codecs, CODECS, "codec");
        transports = names(transports, TRANSPORTS, "transport");
        if (rates == null || rates.isEmpty()) {
            rates = profile.rates();
        } else {
            for (Long r : rates) {
                if (r == null || r < 0 || r > 1_000_000) {
                    throw new IllegalArgumentException("bad --rate '" + r + "'; expected 0 (back to back) to 1000000 pings/s");
                }
            }
            rates = List.copyOf(new LinkedHashSet<>(rates));
        }
        warmup = warmup == null ? profile.warmup() : warmup;
        roundTime = roundTime == null ? profile.roundTime() : roundTime;
        rounds = rounds == null ? profile.rounds() : rounds;
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
        forks = forks == null ? profile.forks() : forks;
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        String wantedChannel = channel;
        channel = channel == null ? "auto" : channel.strip().toLowerCase(Locale.ROOT);
        if (!CHANNELS.contains(channel)) {
            throw new IllegalArgumentException("unknown channel '" + wantedChannel + "'; allowed: " + String.join(", ", CHANNELS));
        }
        slowNs = slowNs == null ? 0L : slowNs;
        if (slowNs < 0) {
            throw new IllegalArgumentException("--slow-subscriber-ns must not be negative, was " + slowNs);
        }
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        cellTimeout = cellTimeout != null ? cellTimeout
                : warmup.plus(roundTime.multipliedBy(rounds + 1L)).plus(MessagingProfile.FORK_OVERHEAD);
    }

    /** The profile with every default. */
    public static MessagingLabSettings of(MessagingProfile profile) {
        return new MessagingLabSettings(profile, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** Whether the throughput pairs share one media driver over {@code aeron:ipc}. */
    public boolean isIpc() {
        return "ipc".equals(channel);
    }

    /** The timing options every child gets. */
    public List<String> timingArgs() {
        return List.of("--warmup-s", seconds(warmup), "--round-s", seconds(roundTime), "--rounds", Integer.toString(rounds));
    }

    private static String seconds(Duration d) {
        return Double.toString(d.toNanos() / 1e9);
    }

    private static List<String> names(List<String> given, List<String> allowed, String what) {
        if (given == null) {
            return allowed;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                String n = name.strip().toLowerCase(Locale.ROOT);
                if (n.isEmpty()) {
                    continue;
                }
                if (n.equals("none")) {
                    return List.of();
                }
                if (!allowed.contains(n)) {
                    throw new IllegalArgumentException("unknown " + what + " '" + name.strip() + "'; allowed: "
                            + String.join(", ", allowed) + ", none");
                }
                names.add(n);
            }
        }
        return names.isEmpty() ? allowed : List.copyOf(new ArrayList<>(names));
    }
}
