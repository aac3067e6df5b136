package org.allocpool.analyzer;

import java.util.Locale;

/**
 * A running 64-bit hash of what the workload did, the same in Java and in the C++ analyser
 * ({@code native/analyzer/digest.hpp}), so that equal digests show that two runs parsed and stored the
 * same packets: the fields each parse yields (addresses, ports, protocol) and the store index each
 * TCP packet goes to, in the order they happen. Not a cryptographic hash, and not meant to be one:
 * an xor, a multiply and a rotate per 64-bit word, on values the parser has just read, so that it
 * costs a few instructions per packet and leaves the figures alone.
 *
 * <pre>
 * h = SEED                                          (FNV-1a's 64-bit offset basis)
 * fold(h, w) = rotateLeft((h ^ w) * 0x9E3779B97F4A7C15, 31)
 * a parsed packet:  h = fold(fold(h, (src &lt;&lt; 32) | (dst &amp; 0xFFFFFFFF)),
 *                            (srcPort &lt;&lt; 48) | (dstPort &lt;&lt; 32) | (protocol &amp; 0xFFFFFFFF))
 * a stored packet:  h = fold(h, storeIndex)
 * </pre>
 * Ports are unsigned 16-bit values, addresses and the protocol 32-bit ints as read from the packet.
 * Stateless; thread-safe. The digest itself lives in a {@code long} field of the single-threaded workload.
 */
public final class WorkloadDigest {

    /** The digest before any packet: FNV-1a's 64-bit offset basis. */
    public static final long SEED = 0xCBF29CE484222325L;

    /** An odd constant with bits spread over the word (2^64 / golden ratio): a multiply mixes every bit upwards. */
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private WorkloadDigest() {
    }

    /** {@code digest} with one more word folded in; the rotate brings the multiply's high bits down. */
    // hot path: no allocation; an xor, a multiply and a rotate
    public static long fold(long digest, long word) {
        return Long.rotateLeft((digest ^ word) * MULTIPLIER, 31);
    }

    /** {@code digest} with a parsed packet's fields folded in (ports unsigned 16-bit). */
    // hot path: no allocation; two folds
    public static long parsed(long digest, int source, int destination, int sourcePort, int destinationPort,
                              int protocol) {
        long addresses = ((long) source << 32) | (destination & 0xFFFF_FFFFL);
        long rest = ((long) sourcePort << 48) | ((long) destinationPort << 32) | (protocol & 0xFFFF_FFFFL);
        return fold(fold(digest, addresses), rest);
    }

    /** {@code digest} with the store index a TCP packet went to folded in. */
    // hot path: no allocation; one fold
    public static long stored(long digest, int index) {
        return fold(digest, index);
    }

    /** The digest as a record reports it: 16 lowercase hex digits, as the C++ analyser prints it. */
    public static String hex(long digest) {
        return String.format(Locale.ROOT, "%016x", digest);
    }
}
