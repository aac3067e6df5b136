package org.allocpool.analyzer.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The C++ analyser's steady-state check (native/analyzer/steady_state.cpp) is a port of
 * {@link SteadyState}: over the same series it must give the same verdict, the same reason, word
 * for word, and the same figures. The program's hidden {@code --check-rounds} prints its check of
 * each series given; one run checks them all.
 */
@Timeout(120)
class CppSteadyStateTest {

    /** Relative difference allowed between the two figures: the same operations in the same order. */
    private static final double RELATIVE = 1e-9;

    @Test
    void shouldJudgeHandPickedSeriesAsJavaDoes() {
        List<double[]> series = new ArrayList<>();
        series.add(new double[] {250, 250, 250, 250, 250});                       // flat: steady, no noise
        series.add(new double[] {251, 248, 253, 249, 250, 252, 247, 251});        // small wobbles
        series.add(new double[] {1265, 1263, 1242, 1170, 893});                    // still falling
        series.add(new double[] {99, 103, 103, 107, 107, 111, 111, 115, 115, 119}); // a slow rise
        series.add(new double[] {300, 310, 305, 300, 450, 460, 455, 450});        // a step
        series.add(new double[] {100, 140, 70, 120, 90, 150, 60, 110, 95, 130});  // noisy, no trend
        series.add(new double[] {100});                                            // too few rounds
        series.add(new double[] {100, 200});
        series.add(new double[] {300, 200, 100});
        series.add(new double[] {100, 100, 101, 100, 100, 100});                   // ties
        series.add(new double[] {96, 96, 100, 108.5, 108.5});                      // a step of exactly 12.5%: Java rounds half up
        series.add(new double[] {100, 100, 100, 100.5, 100, 100, 99.5, 100});
        series.add(falling(20, 1000, 40));                                         // a long fall
        series.add(new double[] {5, 4, 3, 2});                                     // the fewest checked, all falling
        assertAgree(series);
    }

    @Test
    void shouldJudgeSeededRandomSeriesAsJavaDoes() {
        Random random = new Random(20261123);
        List<double[]> series = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            series.add(randomSeries(random));
        }
        assertAgree(series);
    }

    /** Noise around a level, with a trend, a step, whole-number ties or a decay, as rounds show them. */
    private static double[] randomSeries(Random random) {
        int n = 1 + random.nextInt(24);
        double level = 20 + random.nextDouble() * 2000;
        double noise = level * random.nextDouble() * 0.2;
        int kind = random.nextInt(5);
        double[] rounds = new double[n];
        for (int i = 0; i < n; i++) {
            double v = level + random.nextGaussian() * noise;
            switch (kind) {
                case 1 -> v += level * 0.02 * (random.nextBoolean() ? i : -i);
                case 2 -> v += i >= n / 2 ? level * 0.3 : 0;
                case 3 -> v = Math.rint(level + random.nextInt(3));
                case 4 -> v += level * 3 * Math.exp(-i / 2.0);
                default -> { }
            }
            rounds[i] = Math.max(1, v);
        }
        return rounds;
    }

    private static double[] falling(int n, double from, double step) {
        double[] rounds = new double[n];
        for (int i = 0; i < n; i++) {
            rounds[i] = from - step * i;
        }
        return rounds;
    }

    private static void assertAgree(List<double[]> series) {
        List<String> args = new ArrayList<>();
        for (double[] rounds : series) {
            args.add("--check-rounds");
            args.add(Arrays.stream(rounds).mapToObj(Double::toString).collect(Collectors.joining(",")));
        }
        CppAnalyzerTest.Outcome outcome = CppAnalyzerTest.run(args.toArray(String[]::new));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(series.size(), outcome.out().size(), "one check a series: " + outcome);
        int steady = 0;
        for (int i = 0; i < series.size(); i++) {
            SteadyState java = SteadyState.of(series.get(i));
            JsonNode cpp = parse(outcome.out().get(i));
            String what = Arrays.toString(series.get(i)) + ": java " + java + ", c++ " + cpp;
            assertEquals(java.steady(), cpp.path("steady").asBoolean(), what);
            assertEquals(java.reason(), cpp.path("reason").asText(), what);
            assertEquals(java.rounds(), cpp.path("rounds").asInt(), what);
            assertClose(java.shift(), cpp.path("shift").asDouble(), "shift of " + what);
            assertClose(java.noise(), cpp.path("noise").asDouble(), "noise of " + what);
            assertClose(java.drift(), cpp.path("drift").asDouble(), "drift of " + what);
            assertClose(java.trendP(), cpp.path("trendP").asDouble(), "trendP of " + what);
            steady += java.steady() ? 1 : 0;
        }
        if (series.size() > 100) {
            // the series must test both verdicts, not one
            assertTrue(steady > series.size() / 10 && steady < series.size() * 9 / 10, steady + " steady");
        }
    }

    private static JsonNode parse(String line) {
        try {
            return RecordJson.mapper().readTree(line);
        } catch (IOException e) {
            throw new AssertionError(line, e);
        }
    }

    private static void assertClose(double java, double cpp, String what) {
        assertEquals(java, cpp, RELATIVE * Math.abs(java), what);
    }
}
