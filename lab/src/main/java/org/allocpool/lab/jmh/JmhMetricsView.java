package org.allocpool.lab.jmh;

import java.util.List;

/**
 * The {@code metrics} of a jmh record: what JMH's JSON results ({@code -rf json}) said of the cell's one
 * benchmark in one pass, all its forks together. What a record does not carry is {@code null}. Immutable.
 *
 * @param mode             JMH's mode: {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}
 * @param unit             the score's unit, e.g. {@code ops/s}, {@code ns/op}
 * @param score            JMH's score: the mean of every measurement iteration of every JMH fork
 * @param scoreError       JMH's 99.9% error of that mean, {@code null} where JMH gave none (one iteration)
 * @param iterations       the score of each measurement iteration, per JMH fork
 * @param jmhForks         JVMs JMH forked for it
 * @param allocBytesPerOp  heap bytes allocated per operation ({@code gc.alloc.rate.norm} of {@code -prof gc};
 *                         0 when JMH left it out, which it does when nothing was allocated)
 * @param allocMbPerSecond heap MB allocated per second ({@code gc.alloc.rate}), 0 when left out
 * @param gcCount          collections during the measurement iterations, all forks ({@code gc.count}), 0 when left out
 * @param gcTimeMs         time the collectors' MXBeans reported for them, ms ({@code gc.time}), 0 when left out
 * @param threads          benchmark threads
 * @param jmhVersion       the JMH that ran it
 * @param warmup           JMH's warm-up per fork, e.g. {@code 5 x 10 s}
 * @param measurement      JMH's measurement per fork, e.g. {@code 5 x 10 s}
 */
public record JmhMetricsView(String mode, String unit, Double score, Double scoreError, List<List<Double>> iterations,
                             Integer jmhForks, Double allocBytesPerOp, Double allocMbPerSecond, Double gcCount,
                             Double gcTimeMs, Integer threads, String jmhVersion, String warmup, String measurement) {

    /** Whether a higher score is the better one: throughput; every other mode times an operation. */
    public boolean higherIsBetter() {
        return "thrpt".equals(mode);
    }
}
