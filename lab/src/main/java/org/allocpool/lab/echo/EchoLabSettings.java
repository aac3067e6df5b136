package org.allocpool.lab.echo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;

/**
 * Everything an echo lab run needs to know, validated and with the profile's defaults filled in:
 * after construction every component holds what will run. Names in lists may be comma-separated
 * ({@code G1,ZGC}) and ignore case. Immutable; safe to share.
 *
 * @param profile      quick (default) or full
 * @param gcs          the servers' collector labels; {@code null} or empty for the profile's (G1, ZGC)
 * @param copyPerEvent copy-per-event values, {@code off} and/or {@code on}; {@code null} or empty for both
 *                     (after construction: {@code false}, {@code true} in the order given)
 * @param buffers      buffer strategies; {@code null} or empty for all of {@link EchoMatrix#BUFFERS}
 * @param events       events; {@code null} or empty for both of {@link EchoMatrix#EVENTS}
 * @param clients      client counts for every event (sorted, 1 to {@link #MAX_CLIENTS}); {@code null} or
 *                     empty for the profile's per event (see {@link #clientsFor})
 * @param duration     how long each bench measures; {@code null} for the profile's
 * @param warmup       how long each bench runs first (may be zero); {@code null} for the profile's
 * @param jvmArgs      JVM arguments appended for every server ({@code --jvm-arg}); the bench JVMs stay alike
 * @param javaHome     a JDK whose {@code bin/java} runs server and bench ({@code --java}), or {@code null} for this one
 * @param resultsDir   where records go ({@code --results}), or {@code null} for {@code results/<timestamp>}
 * @param resumeDir    a results folder to complete ({@code --resume}), or {@code null}
 * @param cellTimeout  how long a cell (server start, bench, stop) may take; {@code null} for warm-up +
 *                     duration + {@link EchoProfile#CELL_OVERHEAD}
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record EchoLabSettings(EchoProfile profile, List<String> gcs, List<Boolean> copyPerEvent, List<String> buffers,
                              List<String> events, List<Integer> clients, Duration duration, Duration warmup,
                              List<String> jvmArgs, Path javaHome, Path resultsDir, Path resumeDir, Duration cellTimeout) {

    /** More clients than this is a typo, not an experiment (each is a connection and a thread of the bench). */
    public static final int MAX_CLIENTS = 1024;

    public EchoLabSettings {
        profile = profile == null ? EchoProfile.QUICK : profile;
        gcs = names(gcs, name -> Collector.byName(name).label(), profile.collectors().stream().map(Collector::label).toList());
        copyPerEvent = copyPerEvent == null || copyPerEvent.isEmpty() ? List.of(false, true)
                : List.copyOf(new LinkedHashSet<>(copyPerEvent));
        buffers = names(buffers, EchoMatrix::buffers, EchoMatrix.BUFFERS);
        events = names(events, EchoMatrix::event, EchoMatrix.EVENTS);
        if (clients == null || clients.isEmpty()) {
            clients = List.of();
        } else {
            Set<Integer> sorted = new TreeSet<>();
            for (Integer n : clients) {
                if (n == null || n < 1 || n > MAX_CLIENTS) {
                    throw new IllegalArgumentException("bad client count '" + n + "'; expected 1 to " + MAX_CLIENTS
                            + ", e.g. 1,2,4,16");
                }
                sorted.add(n);
            }
            clients = List.copyOf(sorted);
        }
        duration = duration == null ? profile.duration() : duration;
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("--duration must be positive, not " + duration);
        }
        warmup = warmup == null ? profile.warmup() : warmup;
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            ChildJvm.javaIn(javaHome);
        }
        if (resumeDir != null) {
            if (resultsDir != null && !resultsDir.equals(resumeDir)) {
                throw new IllegalArgumentException("--results '" + resultsDir + "' and --resume '" + resumeDir
                        + "' name different folders; --resume appends to the folder it names");
            }
            if (!Files.isRegularFile(resumeDir.resolve(RecordsFile.NAME))) {
                throw new IllegalArgumentException("nothing to resume in '" + resumeDir + "': it holds no " + RecordsFile.NAME);
            }
            resultsDir = resumeDir;
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        cellTimeout = cellTimeout != null ? cellTimeout : warmup.plus(duration).plus(EchoProfile.CELL_OVERHEAD);
    }

    /** The quick or full profile with every default. */
    public static EchoLabSettings of(EchoProfile profile) {
        return new EchoLabSettings(profile, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The collectors, in the order given. */
    public List<Collector> collectors() {
        return gcs.stream().map(Collector::byName).toList();
    }

    /** The client counts run for {@code event}: those named, else the profile's for that event. */
    public List<Integer> clientsFor(String event) {
        return clients.isEmpty() ? profile.clients(event) : clients;
    }

    /** The options every bench gets, whatever its cell: what {@code lab.json} records of the run. */
    public List<String> childArgs() {
        return List.of("--duration", EchoCell.durationArg(duration), "--warmup", EchoCell.durationArg(warmup));
    }

    private static List<String> names(List<String> given, Function<String, String> canonical, List<String> defaults) {
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
