package org.allocpool.memory.pool;

/**
 * What a pool has handed out and taken back so far, as counted by its debug accounting
 * ({@link PoolDebug}). Immutable; safe to share.
 *
 * @param handedOut items returned by {@code acquire} (including ones a bounded pool allocated)
 * @param returned  items given back by {@code release}, whether the pool kept them or not
 */
public record PoolCounts(long handedOut, long returned) {

    /** Items handed out and not yet returned: zero when nothing leaked. */
    public long outstanding() {
        return handedOut - returned;
    }
}
