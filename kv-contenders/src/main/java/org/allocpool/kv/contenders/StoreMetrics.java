package org.allocpool.kv.contenders;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one store run measured: the {@code metrics} of its result record. Field names are fixed
 * (the lab's tables read them): add fields, never rename. Immutable.
 *
 * @param heapUsedMb      heap in use right after {@code System.gc()} with every user loaded
 * @param fullGcPauseMs   the median stop-the-world time of three {@code System.gc()}, as JFR reports it
 * @param offHeapMb       the store's files (for the off-heap stores, what they map); 0 for the HashMap
 * @param getsPerSecond   gets of loaded keys (every one must hit)
 * @param putsPerSecond   puts replacing loaded keys
 * @param missesPerSecond gets of keys never loaded (every one must miss)
 * @param residentMb      the process's resident size at the end, or {@code null} off Linux
 * @param loadSeconds     time to generate and store every user
 * @param entries         entries held after loading
 * @param gcCount         collections during the measured {@code System.gc()}s (one full one each expected)
 * @param fullGcPausesMs  each {@code System.gc()}'s pause, in order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record StoreMetrics(double heapUsedMb, double fullGcPauseMs, double offHeapMb, double getsPerSecond,
                    double putsPerSecond, double missesPerSecond, Double residentMb, double loadSeconds,
                    long entries, long gcCount, double[] fullGcPausesMs) {
}
