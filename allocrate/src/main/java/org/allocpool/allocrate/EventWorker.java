package org.allocpool.allocrate;

/**
 * One thread's loop over events: fills an event per sequence number, keeps a reference to it among the
 * thread's last {@link #KEPT}, and reads every field of the one kept {@code KEPT / 2} references
 * before (so that no store can be left out; when every reference is the one reused event, that is the
 * event just filled). Implementations differ only in where the event comes from. Not thread-safe:
 * owned by the one thread that calls {@link #run}.
 */
public abstract sealed class EventWorker permits AllocatingWorker, ReusingWorker {

    /** Events each thread keeps referenced: Chronicle's benchmark collects batches of ten into a list. */
    public static final int KEPT = 10;

    /** The last {@link #KEPT} events handled, oldest overwritten first. */
    final TopOfBook[] kept = new TopOfBook[KEPT];
    /** The next sequence number. */
    long sequence;
    /** The next slot of {@link #kept}. */
    int slot;
    /** The sum of what was read of every event: kept so that the reads cannot be left out. */
    long checksum;

    EventWorker() {
    }

    /** Handles the next {@code events} events (at least 0). */
    public abstract void run(long events);

    /** Events handled so far. */
    public final long events() {
        return sequence;
    }

    /**
     * The sum of the checksums read so far: {@link TopOfBook#checksum()} of sequences 0 to {@code events - 6}
     * for a loop that allocates (it reads the event five back), 5 to {@code events - 1} for one that reuses.
     */
    public final long checksum() {
        return checksum;
    }
}
