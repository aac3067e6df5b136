package org.allocpool.analyzer;

/**
 * What the workload did, counted the same way by every strategy (and by the C++ analyser, for a
 * cross-check): with the deterministic generator equal settings give equal counts and an equal
 * digest. Immutable.
 *
 * @param made      packets taken from the strategy
 * @param parsed    packets parsed as IP
 * @param tcpStored TCP packets put in the stored array
 * @param evicted   stored TCP packets replaced (and freed) by a newer one
 * @param freed     packets given back to the strategy
 * @param digest    {@link WorkloadDigest} of every packet parsed and stored, 16 hex digits: equal digests mean
 *                  the same packets were parsed and stored at the same places, in the same order
 */
public record WorkloadCounts(long made, long parsed, long tcpStored, long evicted, long freed, String digest) {

    /** The counts with {@code digest} as {@link WorkloadDigest#hex} writes it. */
    public WorkloadCounts(long made, long parsed, long tcpStored, long evicted, long freed, long digest) {
        this(made, parsed, tcpStored, evicted, freed, WorkloadDigest.hex(digest));
    }
}
