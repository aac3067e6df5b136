package org.allocpool.analyzer;

import java.util.Locale;

/**
 * A 64-bit hash of what a workload holds at the end of a run, computed the same way in Java and in
 * the C++ analyser ({@code native/analyzer/digest.hpp}), so that equal digests show that the two
 * parsed and stored the same packets at the same places: the parse result of every stored packet,
 * in store order (an empty place folds -1), then the fields of every queued packet, oldest first.
 * Taken once, after the timed rounds: nothing is added to the per-packet path. Not cryptographic.
 *
 * <pre>
 * h = SEED                                             (FNV-1a's 64-bit offset basis)
 * fold(h, w) = rotateLeft((h ^ w) * 0x9E3779B97F4A7C15, 31)
 * a packet:  h = fold(fold(h, (src &lt;&lt; 32) | (dst &amp; 0xFFFFFFFF)),
 *                     (srcPort &lt;&lt; 48) | (dstPort &lt;&lt; 32) | (protocol &amp; 0xFFFFFFFF))
 * an empty store place: h = fold(h, -1)
 * </pre>
 * Ports are unsigned 16-bit values, addresses and the protocol 32-bit ints as the packet holds them.
 *
 * <p>Single-threaded: a mutable accumulator made, filled and read by one thread; owns no memory.
 */
public final class StateDigest {

    /** The digest of nothing: FNV-1a's 64-bit offset basis. */
    public static final long SEED = 0xCBF29CE484222325L;

    /** An odd constant with bits spread over the word (2^64 / golden ratio): a multiply mixes every bit upwards. */
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private long digest = SEED;

    /** Folds in a packet's fields: a stored packet's parse result, or a queued packet's bytes. */
    public StateDigest packet(int source, int destination, int sourcePort, int destinationPort, int protocol) {
        long addresses = ((long) source << 32) | (destination & 0xFFFF_FFFFL);
        long rest = ((long) (sourcePort & 0xFFFF) << 48) | ((long) (destinationPort & 0xFFFF) << 32)
                | (protocol & 0xFFFF_FFFFL);
        return fold(addresses).fold(rest);
    }

    /** Folds in an empty store place. */
    public StateDigest empty() {
        return fold(-1L);
    }

    /** The digest so far, as records report it: 16 lowercase hex digits, as the C++ analyser prints it. */
    public String hex() {
        return String.format(Locale.ROOT, "%016x", digest);
    }

    private StateDigest fold(long word) {
        digest = Long.rotateLeft((digest ^ word) * MULTIPLIER, 31);
        return this;
    }
}
