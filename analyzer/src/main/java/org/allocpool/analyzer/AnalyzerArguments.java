package org.allocpool.analyzer;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.analyzer.realtime.RealtimeSettings;

/**
 * The options of {@code allocpool analyzer} that say what given settings say, for a child that
 * runs them: a probe JVM of an interval search, or the C++ analyser, whose options are named as
 * ours. The one place that turns settings back into a command line. Thread-safe (stateless).
 */
public final class AnalyzerArguments {

    private AnalyzerArguments() {
    }

    /** {@code --strategy S --case C --queue N --stored N --pool N --mix-pool N --packet-size B --keep-one-in K}. */
    public static List<String> workload(AnalyzerSettings s) {
        return List.of("--strategy", s.strategy().cliName(), "--case", s.workloadCase().name(),
                "--queue", Integer.toString(s.queue()), "--stored", Integer.toString(s.stored()),
                "--pool", Integer.toString(s.pool()), "--mix-pool", Integer.toString(s.mixPool()),
                "--packet-size", Integer.toString(s.shape().packetSize()),
                "--keep-one-in", Integer.toString(s.shape().keepOneIn()));
    }

    /** {@code --packets N} or {@code --round-time Tms}, {@code --rounds --warmup --max-rounds --warmup-collections}, {@code --no-prefill}. */
    public static List<String> plan(RoundPlan plan) {
        List<String> args = new ArrayList<>();
        if (plan.isTimed()) {
            args.addAll(List.of("--round-time", plan.roundTime().toMillis() + "ms"));
        } else {
            args.addAll(List.of("--packets", Long.toString(plan.packets())));
        }
        args.addAll(List.of("--rounds", Integer.toString(plan.rounds()), "--warmup", Integer.toString(plan.warmup()),
                "--max-rounds", Integer.toString(plan.maxRounds()),
                "--warmup-collections", Integer.toString(plan.warmupCollections())));
        if (!plan.prefill()) {
            args.add("--no-prefill");
        }
        return List.copyOf(args);
    }

    /**
     * {@code --mode realtime [--interval-ns N] --duration Tms --warmup-s S --max-delay-ms N [--pin]}:
     * the interval is left out for a search, which probes its own.
     */
    public static List<String> realtime(RealtimeSettings r, boolean search) {
        List<String> args = new ArrayList<>(List.of("--mode", "realtime"));
        if (!search) {
            args.addAll(List.of("--interval-ns", Long.toString(r.intervalNs())));
        }
        args.addAll(List.of("--duration", r.duration().toMillis() + "ms",
                "--warmup-s", Double.toString(r.warmup().toMillis() / 1000.0),
                "--max-delay-ms", Integer.toString(r.maxDelayMs())));
        if (r.pin()) {
            args.add("--pin");
        }
        return List.copyOf(args);
    }
}
