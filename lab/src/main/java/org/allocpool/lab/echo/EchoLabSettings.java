package org.allocpool.lab.echo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.process.JvmCommand;

/**
 * Everything an echo lab run needs to know about its cells, validated and with the profile's defaults
 * filled in: after construction every component holds what will run. Names in lists may be
 * comma-separated ({@code G1,ZGC}) and ignore case. Where the records go, resuming and sharding are
 * the lab runner's ({@link org.allocpool.lab.run.RunOptions}). Immutable; safe to share.
 *
 * @param profile      quick (default) or full
 * @param gcs          the servers' collector labels; {@code null} or empty for the profile's
 * @param copyPerEvent copy-per-event values, {@code off} and/or {@code on}; {@code null} or empty for both
 *                     (after construction: {@code false}, {@code true} in the order given)
 * @param buffers      buffer strategies; {@code null} or empty for all of {@link EchoMatrix#BUFFERS}
 * @param events       events; {@code null} or empty for both of {@link EchoMatrix#EVENTS}
 * @param clients      client counts for every event (sorted, 1 to {@link #MAX_CLIENTS}); {@code null} or
 *                     empty for the profile's per event (see {@link #clientsFor})
 * @param duration     the measured time whose figures count; {@code null} for the profile's
 * @param warmup       how long each bench runs first (may be zero); {@code null} for the profile's
 * @param roundTime    one timed round; {@code null} for the profile's
 * @param maxRounds    timed rounds at most, while not steady; {@code null} for the profile's (twice the rounds
 *                     when {@code duration} or {@code roundTime} is given)
 * @param forks        JVM pairs per cell, at least 1; {@code null} for the profile's
 * @param jvmArgs      JVM arguments appended for every server ({@code --jvm-arg}); the bench JVMs stay alike
 * @param javaHome     a JDK whose {@code bin/java} runs server and bench ({@code --java}), or {@code null} for this one
 * @param cellTimeout  how long one fork (server start, bench, stop) may take; {@code null} for the bench's
 *                     longest (warm-up and every round) + {@link EchoProfile#FORK_OVERHEAD}
 * @param plan         after construction, how every bench is timed; pass {@code null}
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record EchoLabSettings(EchoProfile profile, List<String> gcs, List<Boolean> copyPerEvent, List<String> buffers,
                              List<String> events, List<Integer> clients, Duration duration, Duration warmup,
                              Duration roundTime, Integer maxRounds, Integer forks, List<String> jvmArgs, Path javaHome,
                              Duration cellTimeout, BenchPlan plan) {

    /** More clients than this is a typo, not an experiment (each is a connection and a thread of the bench). */
    public static final int MAX_CLIENTS = 1024;

    public EchoLabSettings {
        profile = profile == null ? EchoProfile.QUICK : profile;
        gcs = names(gcs, name -> Collector.byName(name).label(), profile.collectors().stream().map(Collector::label).toList());
        copyPerEvent = copyPerEvent == null || copyPerEvent.isEmpty() ? List.of(false, true)
                : List.copyOf(new LinkedHashSet<>(copyPerEvent));
        buffers = names(buffers, EchoMatrix::buffers, EchoMatrix.BUFFERS);
        events = names(events, EchoMatrix::event, EchoMatrix.EVENTS);
        clients = clientCounts(clients);
        BenchPlan defaults = profile.plan();
        duration = duration == null ? defaults.duration() : duration;
        warmup = warmup == null ? defaults.warmup() : warmup;
        roundTime = roundTime == null ? defaults.roundTime() : roundTime;
        boolean sameRounds = duration.equals(defaults.duration()) && roundTime.equals(defaults.roundTime());
        plan = new BenchPlan(duration, warmup, roundTime, maxRounds != null ? maxRounds
                : sameRounds ? defaults.maxRounds() : null);
        maxRounds = plan.maxRounds();
        if (forks != null && forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        forks = forks == null ? profile.forks() : forks;
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        cellTimeout = cellTimeout != null ? cellTimeout : plan.longest().plus(EchoProfile.FORK_OVERHEAD);
    }

    /** The quick or full profile with every default. */
    public static EchoLabSettings of(EchoProfile profile) {
        return new EchoLabSettings(profile, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    /** The collectors, in the order given. */
    public List<Collector> collectors() {
        return gcs.stream().map(Collector::byName).toList();
    }

    /** The client counts run for {@code event}: those named, else the profile's for that event. */
    public List<Integer> clientsFor(String event) {
        return clients.isEmpty() ? profile.clients(event) : clients;
    }

    /** The options every bench gets, whatever its cell: what {@code lab-echo.json} records of the run. */
    public List<String> childArgs() {
        return plan.toArgs();
    }

    private static List<Integer> clientCounts(List<Integer> given) {
        if (given == null || given.isEmpty()) {
            return List.of();
        }
        Set<Integer> sorted = new TreeSet<>();
        for (Integer n : given) {
            if (n == null || n < 1 || n > MAX_CLIENTS) {
                throw new IllegalArgumentException("bad client count '" + n + "'; expected 1 to " + MAX_CLIENTS
                        + ", e.g. 1,2,4,16");
            }
            sorted.add(n);
        }
        return List.copyOf(sorted);
    }

    private static List<String> names(List<String> given, UnaryOperator<String> canonical, List<String> defaults) {
        if (given == null) {
            return defaults;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                if (!name.isBlank()) {
                    names.add(canonical.apply(name));
                }
            }
        }
        return names.isEmpty() ? defaults : List.copyOf(new ArrayList<>(names));
    }
}
