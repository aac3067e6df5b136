package org.allocpool.analyzer;

import java.util.List;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What bringing a workload to its steady state in batch gave, before a real-time source starts:
 * every round run (warm-up, replaced and counted ones, in order), the ns/packet of the
 * rounds that count (their time over their packets), and their steady-state check. Immutable.
 *
 * @param rounds      ns/packet of every round run
 * @param nsPerPacket the rounds that count, their time over their packets: a lower bound of any loss-free interval
 * @param steadyState the check of the rounds that count
 */
public record BatchWarmUp(List<Double> rounds, double nsPerPacket, SteadyState steadyState) {

    public BatchWarmUp {
        rounds = List.copyOf(rounds);
    }
}
