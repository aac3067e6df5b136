package org.allocpool.kv.contenders;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one store run measured: the {@code metrics} of its result record. Field names are fixed
 * (the lab's tables read them): add fields, never rename. Immutable.
 *
 * @param heapUsedMb      heap in use right after the full collections with every user loaded
 * @param fullGcPauseMs   the median stop-the-world time of three full collections ({@code GC.run}; before
 *                        rounds, {@code System.gc()}), as JFR reports it
 * @param offHeapMb       the store's files (for the off-heap stores, what they map); 0 for the HashMap
 * @param getsPerSecond   gets of loaded keys (every one must hit): the median round of {@code gets}
 * @param putsPerSecond   puts replacing loaded keys: the median round of {@code puts}
 * @param missesPerSecond gets of keys never loaded (every one must miss): the median round of {@code misses}
 * @param residentMb      the process's resident size at the end, or {@code null} off Linux
 * @param loadSeconds     time to generate and store every user
 * @param entries         entries held after loading
 * @param gcCount         collections during the timed full collections (one each expected)
 * @param fullGcPausesMs  each full collection's pause, in order
 * @param gets            the gets' rounds and their steady-state check
 * @param misses          the misses' rounds and their check
 * @param puts            the puts' rounds and their check
 * @param offHeapAfterPutsMb the store's files again after the timed puts: a store that writes a
 *                        replaced value elsewhere, and reuses its room only later, has grown by then
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record StoreMetrics(double heapUsedMb, double fullGcPauseMs, double offHeapMb, double getsPerSecond,
                    double putsPerSecond, double missesPerSecond, Double residentMb, double loadSeconds,
                    long entries, long gcCount, double[] fullGcPausesMs, PhaseRounds gets, PhaseRounds misses,
                    PhaseRounds puts, double offHeapAfterPutsMb) {
}
