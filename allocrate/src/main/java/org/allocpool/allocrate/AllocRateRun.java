package org.allocpool.allocrate;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.CollectorName;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * One alloc-rate run in this JVM: the settings' threads run their loop in the plan's warm-up rounds,
 * then in timed rounds until the last {@code rounds} are steady (or {@code maxRounds} have run); the
 * figures are those rounds': events per second, heap bytes the workers allocated, collections and
 * pauses (JFR, over those rounds only), CPU. Says each round on a stream for people, with a
 * {@link ProgressMarker} before it. Runs on the calling thread, one run at a time per JVM (one loop per
 * JVM keeps the JIT's profile of it clean).
 */
public final class AllocRateRun {

    /** The experiment's name in result records. */
    public static final String EXPERIMENT = "alloc-rate";

    private AllocRateRun() {
    }

    /**
     * Runs {@code settings} and returns its record.
     *
     * @throws IllegalStateException when a worker thread fails (an Epsilon heap too small for the rounds) or hangs
     */
    public static ResultRecord run(AllocRateSettings settings, PrintStream human) {
        Map<String, Object> cell = cell(settings);
        RoundPlan plan = settings.plan();
        List<Double> warmup = new ArrayList<>();
        List<WorkerThreads.Round> timed = new ArrayList<>();
        SteadyState check;
        GcStatistics gc;
        long checksum;
        try (WorkerThreads threads = new WorkerThreads(settings.loop(), settings.threads());
             GcPauseRecorder recorder = new GcPauseRecorder()) {
            recorder.start();
            for (int round = 1; round <= plan.warmup(); round++) {
                ProgressMarker.say(human, "warm-up round " + round + " of " + plan.warmup());
                WorkerThreads.Round r = round(threads, settings);
                warmup.add(r.eventsPerSecond());
                human.println(line("warm-up " + round + "/" + plan.warmup(), r, settings.threads()));
            }
            while (true) {
                int next = timed.size() + 1;
                ProgressMarker.say(human, "round " + next + " of " + (next <= plan.rounds() ? plan.rounds()
                        : "at most " + plan.maxRounds()));
                WorkerThreads.Round r = round(threads, settings);
                timed.add(r);
                human.println(line("round " + next + "/" + (next <= plan.rounds() ? plan.rounds() : plan.maxRounds()), r,
                        settings.threads()));
                if (timed.size() < plan.rounds()) {
                    continue;
                }
                check = SteadyState.of(rates(window(timed, plan)));
                if (check.steady() || timed.size() >= plan.maxRounds()) {
                    break;
                }
                human.println("rounds " + (timed.size() - plan.rounds() + 1) + "-" + timed.size() + " are not steady ("
                        + check.reason() + "): one more round, up to " + plan.maxRounds());
            }
            gc = recorder.stop(window(timed, plan).getFirst().start());
            checksum = threads.checksum();
        }
        AllocRateMetrics metrics = metrics(window(timed, plan), timed.subList(0, timed.size() - plan.rounds()), warmup,
                check, gc, checksum, settings.threads());
        human.println(summary(cell, metrics));
        return ResultRecord.ok(EXPERIMENT, cell, Environment.current(), metrics);
    }

    /**
     * The cell a run of {@code settings} is recorded under: loop, threads, gc, escapeAnalysis, heapMb, then
     * the plan: roundMs or roundEvents, warmup, rounds, maxRounds. For failed records too.
     */
    public static Map<String, Object> cell(AllocRateSettings settings) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("loop", settings.loop().cliName());
        cell.put("threads", settings.threads());
        cell.put("gc", CollectorName.current());
        cell.put("escapeAnalysis", escapeAnalysis());
        cell.put("heapMb", Runtime.getRuntime().maxMemory() / (1024 * 1024));
        RoundPlan plan = settings.plan();
        if (plan.isTimed()) {
            cell.put("roundMs", plan.roundTime().toMillis());
        } else {
            cell.put("roundEvents", plan.roundEvents());
        }
        cell.put("warmup", plan.warmup());
        cell.put("rounds", plan.rounds());
        cell.put("maxRounds", plan.maxRounds());
        return cell;
    }

    /** Whether this JVM's C2 runs escape analysis ({@code -XX:-DoEscapeAnalysis} turns it off). */
    public static boolean escapeAnalysis() {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return bean == null || Boolean.parseBoolean(bean.getVMOption("DoEscapeAnalysis").getValue());
    }

    private static WorkerThreads.Round round(WorkerThreads threads, AllocRateSettings settings) {
        RoundPlan plan = settings.plan();
        return plan.isTimed() ? threads.timed(plan.roundTime()) : threads.ofEvents(plan.eventsPerThread(settings.threads()));
    }

    private static List<WorkerThreads.Round> window(List<WorkerThreads.Round> timed, RoundPlan plan) {
        return timed.subList(timed.size() - plan.rounds(), timed.size());
    }

    static AllocRateMetrics metrics(List<WorkerThreads.Round> window, List<WorkerThreads.Round> discarded,
                                    List<Double> warmup, SteadyState check, GcStatistics gc, long checksum, int threads) {
        long events = 0;
        long nanos = 0;
        long bytes = 0;
        long workerCpu = 0;
        long processCpu = 0;
        for (WorkerThreads.Round r : window) {
            events += r.events();
            nanos += r.nanos();
            bytes += r.allocatedBytes();
            workerCpu += r.workerCpuNanos();
            processCpu += r.processCpuNanos();
        }
        double seconds = nanos / 1e9;
        double rate = events / seconds;
        // The process's CPU time comes in clock ticks (10 ms on Linux), a third of a short Epsilon round; the
        // workers' own is to the nanosecond. So each round's CPU is its workers' own, plus the rest of the
        // process's (the collector's threads, the JIT) over the whole window, shared out by the round's time.
        long otherCpu = Math.max(0, processCpu - workerCpu);
        double[] cpuRounds = new double[window.size()];
        for (int i = 0; i < cpuRounds.length; i++) {
            WorkerThreads.Round r = window.get(i);
            cpuRounds[i] = (r.workerCpuNanos() + otherCpu * (r.nanos() / (double) nanos)) / r.events();
        }
        return new AllocRateMetrics(rate, rate / threads, bytes / (double) events, bytes / seconds, gc,
                processCpu / 1e9 / seconds, workerCpu / 1e9 / seconds, (workerCpu + otherCpu) / (double) events, events,
                seconds, checksum, RoundStatistics.of(rates(window)),
                RoundStatistics.of(window.stream().mapToDouble(WorkerThreads.Round::allocatedBytesPerEvent).toArray()),
                RoundStatistics.of(cpuRounds),
                check, warmup, discarded.stream().map(WorkerThreads.Round::eventsPerSecond).toList());
    }

    private static double[] rates(List<WorkerThreads.Round> rounds) {
        return rounds.stream().mapToDouble(WorkerThreads.Round::eventsPerSecond).toArray();
    }

    private static String line(String label, WorkerThreads.Round r, int threads) {
        return String.format(Locale.ROOT, "%s: %.1f M events/s (%.1f M per thread), %.1f bytes/event, %.2f GB/s allocated",
                label, r.eventsPerSecond() / 1e6, r.eventsPerSecond() / threads / 1e6, r.allocatedBytesPerEvent(),
                r.allocatedBytes() / (r.nanos() / 1e9) / 1e9);
    }

    private static String summary(Map<String, Object> cell, AllocRateMetrics m) {
        return String.format(Locale.ROOT, "%s on %s threads (%s, escape analysis %s, heap %s MB): %.1f M events/s"
                        + " (%.1f M per thread; median round %.1f M), %.1f bytes/event, %.2f GB/s allocated; %d GCs,"
                        + " pauses %.1f ms in all (max %.1f ms); %.2f cores busy, %.2f of them the workers, %.1f ns of CPU per event; %s",
                cell.get("loop"), cell.get("threads"), cell.get("gc"), Boolean.TRUE.equals(cell.get("escapeAnalysis")) ? "on" : "off",
                cell.get("heapMb"), m.eventsPerSecond() / 1e6, m.eventsPerSecondPerThread() / 1e6,
                m.eventsPerSecondRounds().median() / 1e6, m.allocBytesPerEvent(), m.allocBytesPerSecond() / 1e9,
                m.gc().count(), m.gc().pauseTotalMs(), m.gc().pauseMaxMs(), m.processCpuPerSecond(),
                m.workerCpuPerSecond(), m.cpuNsPerEvent(), m.steadyState().reason());
    }
}
