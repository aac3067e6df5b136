package org.allocpool.echo.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.stats.SteadyState;

/**
 * Times a bench's load in rounds: warm-up rounds (their events/s kept for people, nothing else),
 * then timed rounds, the last {@link BenchSettings#rounds()} of which count; while those are not
 * steady ({@link SteadyState}, over their events/s) one more round runs, up to
 * {@link BenchSettings#maxRounds()}. Round boundaries fall every {@link BenchSettings#roundTime()}
 * from the start, however long reading a mark takes, and each round is measured from its own two
 * marks. Says each round on a stream meant for people, with a {@link ProgressMarker} before it; when
 * given a {@link HistogramLogFile}, appends each round's round trips to it as it ends (tagged
 * {@code warmup-<k>} or {@code round-<k>}). The bench's main thread only; one run per instance.
 */
final class BenchRounds {

    /** Where marks come from: waits until the bench's clock reaches {@code ns}, then reads one. */
    @FunctionalInterface
    interface Marks {
        /**
         * @throws IOException           when the server stops answering
         * @throws IllegalStateException when the run failed meanwhile
         */
        RoundMark at(long ns) throws IOException;
    }

    private final BenchSettings settings;
    private final Marks marks;
    private final PrintStream human;
    private final HistogramLogFile log;
    private long startNs;
    private long startMs;

    BenchRounds(BenchSettings settings, Marks marks, PrintStream human) {
        this(settings, marks, human, null);
    }

    /** With each round's latency histogram appended to {@code log} ({@code null}: none). */
    BenchRounds(BenchSettings settings, Marks marks, PrintStream human, HistogramLogFile log) {
        this.settings = settings;
        this.marks = marks;
        this.human = human;
        this.log = log;
    }

    /**
     * One round: what happened between two marks.
     *
     * @param start its first mark
     * @param end   its last mark (its latencies are the round's)
     */
    record Round(RoundMark start, RoundMark end) {

        double seconds() {
            return (end.ns() - start.ns()) / 1e9;
        }

        /** Echoes the clients received per second. */
        double eventsPerSecond() {
            return (end.received() - start.received()) / seconds();
        }

        /** Bytes the server's I/O threads allocated per event it echoed; 0 when it echoed none. */
        double allocBytesPerEvent() {
            long echoed = end.serverEchoed() - start.serverEchoed();
            return echoed == 0 ? 0.0 : (end.serverAllocated() - start.serverAllocated()) / (double) echoed;
        }
    }

    /**
     * What the rounds gave.
     *
     * @param warmup      events/s of each warm-up round
     * @param discarded   events/s of timed rounds run before the counted ones, while those were not steady
     * @param counted     the rounds whose figures count, the last {@link BenchSettings#rounds()}
     * @param steadyState the check of the counted rounds' events/s
     */
    record Result(List<Double> warmup, List<Double> discarded, List<Round> counted, SteadyState steadyState) {

        Result {
            warmup = List.copyOf(warmup);
            discarded = List.copyOf(discarded);
            counted = List.copyOf(counted);
        }

        /** The first mark of the counted rounds. */
        RoundMark start() {
            return counted.getFirst().start();
        }

        /** The last mark of the counted rounds. */
        RoundMark end() {
            return counted.getLast().end();
        }

        /** The round trips of the counted rounds, in one new histogram. */
        Histogram latency() {
            Histogram all = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
            counted.forEach(round -> all.add(round.end().latency()));
            return all;
        }
    }

    /**
     * Runs the warm-up and the timed rounds from {@code startNs} (the bench's clock).
     *
     * @throws IOException           when the server stops answering
     * @throws IllegalStateException when the run fails
     */
    Result run(long startNs) throws IOException {
        this.startNs = startNs;
        this.startMs = System.currentTimeMillis();
        long roundNs = settings.roundTime().toNanos();
        long warmupEnd = startNs + settings.warmup().toNanos();
        int warmupRounds = (int) Math.ceil(settings.warmup().toNanos() / (double) roundNs);
        long boundary = startNs;
        RoundMark last = marks.at(boundary);
        List<Double> warmup = new ArrayList<>();
        while (boundary < warmupEnd) {
            ProgressMarker.say(human, "warm-up round " + (warmup.size() + 1) + " of " + warmupRounds);
            boundary = Math.min(boundary + roundNs, warmupEnd);
            RoundMark mark = marks.at(boundary);
            Round round = new Round(last, mark);
            warmup.add(round.eventsPerSecond());
            logRound("warmup-" + warmup.size(), round);
            human.println(line("warm-up " + warmup.size() + "/" + warmupRounds, round));
            last = mark;
        }
        int rounds = settings.rounds();
        List<Round> timed = new ArrayList<>();
        SteadyState check;
        while (true) {
            int next = timed.size() + 1;
            ProgressMarker.say(human, "round " + next + " of " + (next <= rounds ? rounds
                    : "at most " + settings.maxRounds()));
            boundary += roundNs;
            RoundMark mark = marks.at(boundary);
            timed.add(new Round(last, mark));
            logRound("round-" + timed.size(), timed.getLast());
            last = mark;
            human.println(line("round " + timed.size() + "/" + (timed.size() <= rounds ? rounds : settings.maxRounds()),
                    timed.getLast()));
            if (timed.size() < rounds) {
                continue;
            }
            check = check(eventsPerSecond(timed.subList(timed.size() - rounds, timed.size())));
            if (check.steady() || timed.size() >= settings.maxRounds()) {
                break;
            }
            human.println("  rounds " + (timed.size() - rounds + 1) + "-" + timed.size() + " are not steady ("
                    + check.reason() + "): one more round, up to " + settings.maxRounds());
        }
        List<Round> counted = timed.subList(timed.size() - rounds, timed.size());
        List<Double> discarded = eventsPerSecond(timed.subList(0, timed.size() - rounds));
        return new Result(warmup, discarded, counted, check);
    }

    private void logRound(String tag, Round round) {
        if (log != null) {
            log.append(tag, round.end().latency(), epochMs(round.start().ns()), epochMs(round.end().ns()));
        }
    }

    /** A time of the bench's clock as ms since the epoch (for the log's timestamps). */
    private long epochMs(long ns) {
        return startMs + (ns - startNs) / 1_000_000;
    }

    /** {@link SteadyState#of}, except that rounds that echoed nothing make a series that is not steady (no median to scale by). */
    static SteadyState check(List<Double> eventsPerSecond) {
        double[] values = eventsPerSecond.stream().mapToDouble(Double::doubleValue).toArray();
        long empty = eventsPerSecond.stream().filter(v -> !(v > 0)).count();
        if (empty * 2 >= values.length) {
            return new SteadyState(false, empty + " of " + values.length + " rounds echoed nothing", values.length,
                    0, 0, 0, 1);
        }
        return SteadyState.of(values);
    }

    private static List<Double> eventsPerSecond(List<Round> rounds) {
        return rounds.stream().map(Round::eventsPerSecond).toList();
    }

    private static String line(String label, Round round) {
        return String.format(Locale.ROOT, "  %s: %,.0f events/s, %.2f bytes/event on the server", label,
                round.eventsPerSecond(), round.allocBytesPerEvent());
    }
}
