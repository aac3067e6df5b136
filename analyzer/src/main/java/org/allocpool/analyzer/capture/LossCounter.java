package org.allocpool.analyzer.capture;

/**
 * Counts packets lost from the gaps in the sequence numbers a consumer receives: on receiving
 * {@code sequence}, {@code lost += sequence - expected}. Sequences start at 0 and only go up.
 *
 * <p>Single thread: the consumer's; not thread-safe. Memory ownership: none (three longs).
 */
public final class LossCounter {

    private long expected;
    private long received;
    private long lost;

    /** Counts one received packet and the gap before it, if any. */
    // hot path: no allocation
    public void onSequence(long sequence) {
        if (sequence != expected) {
            onGap(sequence);
        }
        expected = sequence + 1;
        received++;
    }

    /**
     * Counts {@code count} packets received at once, the last with sequence number {@code lastSequence}:
     * as {@code count} calls of {@link #onSequence}, for sequences that only go up (the ring's).
     */
    // hot path: no allocation
    public void onSequences(long lastSequence, int count) {
        long span = lastSequence + 1 - expected; // the sequences from the one expected to the last
        if (span < count) {
            throw new IllegalArgumentException(count + " sequences up to " + lastSequence + " came after "
                    + (expected - 1) + ": sequences only go up");
        }
        lost += span - count;
        expected = lastSequence + 1;
        received += count;
    }

    private void onGap(long sequence) {
        if (sequence < expected) {
            throw new IllegalArgumentException("sequence " + sequence + " came after " + (expected - 1)
                    + ": sequences only go up");
        }
        lost += sequence - expected;
    }

    /**
     * Ends the stream: the packets after the last one received, up to {@code sent} (the count the
     * source reports), are lost too; a gap at the end has no later packet to reveal it.
     */
    public void onEndOfStream(long sent) {
        if (sent < expected) {
            throw new IllegalArgumentException("sent " + sent + " is fewer than the packets seen: " + expected);
        }
        lost += sent - expected;
        expected = sent;
    }

    /** Packets received. */
    public long received() {
        return received;
    }

    /** Packets lost: the gaps so far, and the tail after {@link #onEndOfStream}. */
    public long lost() {
        return lost;
    }

    /** The sequence number expected next. */
    public long expected() {
        return expected;
    }
}
