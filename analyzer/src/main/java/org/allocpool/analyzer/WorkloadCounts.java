package org.allocpool.analyzer;

/**
 * What the workload did, counted the same way by every strategy (and by the C++ analyser, for a
 * cross-check): with the deterministic generator equal settings give equal counts. Immutable.
 *
 * @param made      packets taken from the strategy
 * @param parsed    packets parsed as IP
 * @param tcpStored TCP packets put in the stored array
 * @param evicted   stored TCP packets replaced (and freed) by a newer one
 * @param freed     packets given back to the strategy
 */
public record WorkloadCounts(long made, long parsed, long tcpStored, long evicted, long freed) {
}
