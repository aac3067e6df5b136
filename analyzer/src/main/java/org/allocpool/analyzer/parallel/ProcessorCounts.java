package org.allocpool.analyzer.parallel;

import org.allocpool.analyzer.WorkloadCounts;

/**
 * What one processor did. Immutable.
 *
 * @param workload what the single-threaded analyser counts: made (packets it was given, prefill
 *                 included), parsed, stored, evicted, freed
 * @param received packets that came through its ring (prefill excluded)
 * @param lost     real time: ticks meant for it that the source dropped, counted from the gaps in the
 *                 sequence numbers it received and the source's count of its ticks at the end
 */
public record ProcessorCounts(WorkloadCounts workload, long received, long lost) {
}
