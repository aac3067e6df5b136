package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.kv.KvCellFields;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvMetricsView.Codec;
import org.allocpool.lab.kv.KvMetricsView.Rounds;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What one kv cell measured over its forks: the records that count, one per fork, and the figures
 * the tables and the verdict show, each made from every fork that measured it. A rate is a
 * {@link Figure} of its rounds; a rate recorded without rounds (a record from before them) is one
 * unchecked measurement, never a clean figure. Immutable; safe to share.
 *
 * @param cell  the cell
 * @param forks its records, one per fork, in fork order (at least one)
 */
record KvCellResult(KvCellFields cell, List<LabRecord<KvCellFields, KvMetricsView>> forks)
        implements ForkedCell<KvCellFields, KvMetricsView> {

    /** Why a rate recorded without rounds is not judged. */
    static final String NO_ROUNDS = "one measurement without rounds (a record from before them), not checked";
    /** Why a series of full collections is taken as it is: each is the same request, timed alone. */
    static final String PAUSES = "full collections, each timed alone: not a series with a trend";

    KvCellResult {
        forks = List.copyOf(forks);
    }

    /** How tables name it: its contender, or {@code codecs}. */
    String label() {
        return cell.label();
    }

    /** The rate of one store phase ({@code KvMetricsView::gets} with {@code KvMetricsView::getsPerSecond}), or {@code null}. */
    Figure rate(Function<KvMetricsView, Rounds> rounds, Function<KvMetricsView, Double> single) {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<KvMetricsView> fork : measuredForks()) {
            KvMetricsView m = fork.metrics();
            ForkSample sample = sample(rounds.apply(m), single.apply(m));
            if (sample != null) {
                samples.add(sample.inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /**
     * The rate of one phase of codec {@code name} ({@code Codec::encodes} with
     * {@code Codec::encodesPerSecond}), or {@code null}.
     */
    Figure codecRate(String name, Function<Codec, Rounds> rounds, Function<Codec, Double> single) {
        return rate(m -> apply(codec(m, name), rounds), m -> apply(codec(m, name), single));
    }

    /** The full-GC pause: each fork's pauses as its rounds (or its median alone), or {@code null}. */
    Figure fullGcPause() {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<KvMetricsView> fork : measuredForks()) {
            KvMetricsView m = fork.metrics();
            List<Double> pauses = m.fullGcPausesMs() == null || m.fullGcPausesMs().isEmpty()
                    ? m.fullGcPauseMs() == null ? List.of() : List.of(m.fullGcPauseMs())
                    : m.fullGcPausesMs();
            if (!pauses.isEmpty()) {
                double median = m.fullGcPauseMs() != null ? m.fullGcPauseMs()
                        : RoundStatistics.of(pauses.stream().mapToDouble(Double::doubleValue).toArray()).median();
                samples.add(new ForkSample(pauses, median, true, PAUSES).inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** One reading per fork ({@code KvMetricsView::heapUsedMb}) as a figure over the forks, or {@code null}. */
    Figure reading(Function<KvMetricsView, Double> value) {
        List<ForkSample> samples = new ArrayList<>();
        for (ForkedCell.Measured<KvMetricsView> fork : measuredForks()) {
            Double v = value.apply(fork.metrics());
            if (v != null) {
                samples.add(ForkSample.single(v, "one reading").inPass(fork.pass()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    /** One reading per fork of codec {@code name} ({@code Codec::encodedBytes}), or {@code null}. */
    Figure codecReading(String name, Function<Codec, Double> value) {
        return reading(m -> apply(codec(m, name), value));
    }

    /** How codec {@code name} was used at its best, as the first fork that says it recorded it, or {@code null}. */
    KvMetricsView.Best codecBest(String name) {
        for (KvMetricsView m : measured()) {
            Codec codec = codec(m, name);
            if (codec != null && codec.best() != null) {
                return codec.best();
            }
        }
        return null;
    }

    /** The requests per second of {@code test} at {@code connections} and {@code pipeline} (a servers cell), or {@code null}. */
    Figure benchmark(String test, int connections, int pipeline) {
        return benchmark(test, connections, pipeline, KvMetricsView.Benchmark::requests);
    }

    /**
     * The rounds {@code part} picks from {@code test} at {@code -c connections -P pipeline} (a pair
     * cell's {@code Benchmark::redisRequests} or {@code Benchmark::ratioToRedis}), or {@code null}.
     */
    Figure benchmark(String test, int connections, int pipeline, Function<KvMetricsView.Benchmark, Rounds> part) {
        return rate(m -> ofBenchmark(m, test, connections, pipeline, part), m -> null);
    }

    /**
     * One reading per fork of {@code test} at {@code -c connections -P pipeline}
     * ({@code Benchmark::cpuMicrosPerRequest}), or {@code null}.
     */
    Figure benchmarkReading(String test, int connections, int pipeline, Function<KvMetricsView.Benchmark, Double> value) {
        return reading(m -> ofBenchmark(m, test, connections, pipeline, value));
    }

    /** What {@code part} gives of one fork's {@code test} at {@code -c connections -P pipeline}, or {@code null}. */
    private static <T> T ofBenchmark(KvMetricsView m, String test, int connections, int pipeline,
                                     Function<KvMetricsView.Benchmark, T> part) {
        if (m.server() == null || m.server().benchmarks() == null) {
            return null;
        }
        return m.server().benchmarks().stream().filter(b -> test.equals(b.test())
                && Integer.valueOf(connections).equals(b.connections()) && Integer.valueOf(pipeline).equals(b.pipeline()))
                .map(part).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** One reading per fork of a servers cell ({@code Server::residentLoadedMb}), or {@code null}. */
    Figure serverReading(Function<KvMetricsView.Server, Double> value) {
        return reading(m -> m.server() == null ? null : value.apply(m.server()));
    }

    /** The first fork's server description, or {@code null}. */
    KvMetricsView.Server firstServer() {
        return measured().stream().map(KvMetricsView::server).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The codecs the forks measured, in the order first met. */
    List<String> codecNames() {
        Set<String> names = new LinkedHashSet<>();
        measured().forEach(m -> {
            if (m.codecs() != null) {
                m.codecs().forEach(c -> names.add(c.codec() == null ? "?" : c.codec()));
            }
        });
        return List.copyOf(names);
    }

    private static ForkSample sample(Rounds rounds, Double single) {
        List<Double> values = rounds == null || rounds.perSecond() == null ? null : rounds.perSecond().rounds();
        if (values != null && !values.isEmpty()) {
            // a record without a check of its own is checked here, the same way
            SteadyState check = rounds.steadyState() != null ? rounds.steadyState()
                    : SteadyState.of(values.stream().mapToDouble(Double::doubleValue).toArray());
            return new ForkSample(values, rounds.perSecond().median(), check.steady(), check.reason());
        }
        return single == null ? null : new ForkSample(List.of(single), single, false, NO_ROUNDS);
    }

    private static Codec codec(KvMetricsView m, String name) {
        return m.codecs() == null ? null
                : m.codecs().stream().filter(c -> name.equals(c.codec() == null ? "?" : c.codec())).findFirst().orElse(null);
    }

    private static <T> T apply(Codec codec, Function<Codec, T> field) {
        return codec == null ? null : field.apply(codec);
    }
}
