package org.allocpool.lab.echo;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.allocpool.lab.analyzer.Collector;

/**
 * How much of the echo matrix a run covers, how each bench is timed and how many JVM pairs (forks)
 * each cell runs in. Both profiles run every buffer strategy with copy-per-event off and on and both
 * events; they differ in collectors, clients and time. Immutable.
 */
public enum EchoProfile {

    /**
     * The server under G1 (the JDK's default collector), each event at its article's client count:
     * top-of-book with Chronicle's 16 clients, message with the Netty case study's 3; 2 events × 4
     * strategies × copy off/on = 16 cells, each in two forks (a server JVM and a bench JVM each).
     *
     * <p>A bench warms up 5 s, then counts 8 rounds of 500 ms once their events/s are steady, running
     * up to 16 rounds while they are not. The warm-up is what a fresh pair of JVMs needs on 2 cores:
     * measured there, events/s still climbed for 5 to 8 s after the start (both JITs compiling on the
     * cores that also carry the load), and a 3 s warm-up left the climb in the counted rounds. Eight
     * short rounds rather than five of a second give the trend test the power to see a climb that is
     * still going (five rounds pass it unless they rise at every step).
     *
     * <p>With two JVM starts (the server pre-touching its 1 GB heap) and the stop, a fork took 11 to 16 s
     * on the shared 2-core machine (load average 3 to 5): 6m52s for the 32 forks. Forks that need their
     * extra rounds, or a busier machine, take it towards 10 minutes. ZGC, and the other collectors, are
     * {@code --gc G1,ZGC} away (twice the cells and the time); the client sweep is {@code --clients} or
     * the full profile.
     */
    QUICK("quick", List.of(Collector.G1), Map.of("top-of-book", List.of(16), "message", List.of(3)),
            new BenchPlan(Duration.ofSeconds(4), Duration.ofSeconds(5), Duration.ofMillis(500), 16), 2, 4,
            Duration.ofMinutes(12)),

    /**
     * G1 and ZGC, Chronicle's client sweep (1, 2, 4, 16) for both events and the case study's 3 for
     * messages: 2 × (4 + 5) × 4 × 2 = 144 cells in two forks each; a bench warms up 10 s and counts 20
     * rounds of 1 s (up to 40 while not steady): 35 s or more a fork, roughly 3 hours on 2 cores (an
     * estimate, not run whole); run it sharded across machines ({@code --shard}).
     */
    FULL("full", List.of(Collector.G1, Collector.ZGC),
            Map.of("top-of-book", List.of(1, 2, 4, 16), "message", List.of(1, 2, 3, 4, 16)),
            new BenchPlan(Duration.ofSeconds(20), Duration.ofSeconds(10), Duration.ofSeconds(1), 40), 2, 2, null);

    /** Time a fork may take beyond its bench's longest: two JVM starts, pre-touching, 16 connections, the stop. */
    static final Duration FORK_OVERHEAD = Duration.ofSeconds(90);

    private final String label;
    private final List<Collector> collectors;
    private final Map<String, List<Integer>> clients;
    private final BenchPlan plan;
    private final int forks;
    private final int maxForks;
    private final Duration budget;

    EchoProfile(String label, List<Collector> collectors, Map<String, List<Integer>> clients, BenchPlan plan, int forks,
                int maxForks, Duration budget) {
        this.label = label;
        this.collectors = List.copyOf(collectors);
        this.clients = Map.copyOf(clients);
        this.plan = plan;
        this.forks = forks;
        this.maxForks = maxForks;
        this.budget = budget;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** The collectors run when none are named. */
    public List<Collector> collectors() {
        return collectors;
    }

    /** The client counts run for {@code event} when none are named. */
    public List<Integer> clients(String event) {
        return clients.getOrDefault(event, List.of(16));
    }

    /** How each bench is timed when nothing else is said. */
    public BenchPlan plan() {
        return plan;
    }

    /**
     * The most JVM pairs a cell runs in while its copy question is still undecided (two passes give a
     * ratio's interval one degree of freedom, so wide that only a large cost is told apart).
     */
    public int maxForks() {
        return maxForks;
    }

    /** How long a run may take when it adds passes for undecided copy questions; {@code null}: it adds none. */
    public Duration budget() {
        return budget;
    }

    /** JVM pairs (forks) per cell. */
    public int forks() {
        return forks;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static EchoProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (EchoProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(EchoProfile::label).collect(Collectors.joining(", ")));
    }
}
