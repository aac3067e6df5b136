package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The log room of replaced and removed values, handed to later puts of the same size instead of
 * appending, so that a store whose keys are rewritten stops filling its log with dead values and
 * need not be compacted by a growth every time the live bytes were written once more.
 *
 * <p><b>Crash safety is the log's.</b> An entry is freed only once no slot points at it (after its
 * slot was published elsewhere or marked removed, and forced in sync mode); a put writes into a
 * freed entry exactly as it appends, and publishes its slot last. So a crash at any instant leaves
 * every slot pointing at a whole entry, as before, and a write killed half-way leaves dead bytes.
 *
 * <p><b>A freed entry is marked in the file</b> (see {@link EntryLayout#markFreed}): its length
 * word has the {@link EntryLayout#FREED} bit and its key field the next freed entry of its list; its
 * length fields and value bytes are left as they were. The mark makes it no whole entry any more
 * (its checksum fails too), so a repair never brings a replaced value back from the log in place of
 * a newer one written into room at a lower offset, and never brings back a removed key whose entry
 * was freed; {@link LogScan} steps over marked entries as freed room, not damage.
 *
 * <p><b>Lists.</b> Per segment and entry size (multiples of 8 bytes up to {@link #MAX_ENTRY_BYTES};
 * bigger entries are marked but never reused), freed entries are linked through themselves into
 * three stacks of three ages: <i>young</i> (freed since the last turn), <i>aging</i> (freed before
 * the last turn, at {@code turnedAt}) and <i>ready</i> (reusable). A put takes from ready; when
 * ready is empty and the last turn is at least the grace time past, aging becomes ready and young
 * becomes aging. So a freeing touches only the entry it frees (no list tail to link), a reuse only
 * the entry it writes into, and only a put that finds ready empty reads the clock. A put takes from
 * the stacks of its own size first, and overwrites such an entry exactly; when they have none
 * ready, it takes the front of a somewhat bigger entry from a stack its own puts leave untaken
 * ({@link #take}), and the rest becomes a freed entry of the rest's size. The stacks live on the
 * heap (six words per size and segment, 396 KiB per store of 64 segments); a store reopened starts with none, and
 * the room freed before stays dead until the next growth copies the live entries into a new file.
 * A growth that copies into a new file drops a segment's stacks the next time it frees; one that
 * grows the log in place keeps them (the offsets still name the same entries).
 *
 * <p><b>A grace time before reuse.</b> An entry is reused only {@code graceNanos} after it was
 * freed, at least ({@link #REUSE_GRACE_NANOS} unless a test says otherwise): a {@link ValueView} filled
 * before its key was written again keeps reading the old value's bytes, unchanged, for at least that
 * long. The price is log room: the entries freed in up to two grace times wait, dead.
 *
 * <p>Thread-safety: every method is called under the write lock of the segment it names; each
 * segment's stacks are touched only under that segment's lock.
 */
final class FreeEntries {

    /**
     * How long a freed entry waits before a put may write into it, at least (at most twice that):
     * a reader copies or decodes a {@link ValueView} within microseconds. A longer wait costs log
     * room: the entries freed in two of them wait, dead (16 MB at 1.6M puts/s of 100-byte entries).
     */
    static final long REUSE_GRACE_NANOS = 50_000_000L;
    /** The largest entry (header, key bytes, value and padding) whose room is reused. */
    static final int MAX_ENTRY_BYTES = 1024;
    /**
     * How much bigger than a put's entry a freed entry may be and still have its front taken when
     * none of the put's size is ready. Values of one size are not freed as often as values of that
     * size are put (measured, 2026-11-24: 15M users rewritten with the lab's 1,024 put values left
     * 82 MB dead in stacks no put took from, 7% of the live bytes, and the log grew by a sixteenth);
     * the front of a bigger one serves instead, and its rest (16 bytes at least) waits for a put of
     * its own size. Not much bigger, so that the rests are of the sizes entries have.
     */
    static final int SPLIT_REACH_BYTES = 128;
    private static final int SIZES = MAX_ENTRY_BYTES / EntryLayout.ALIGNMENT + 1;
    /** A stack's end: no entry starts at offset 0 (the header page is there). */
    private static final long NONE = 0;
    /** Longs between two segments' counts of {@link #inGraceBySegment}: one cache line, as writers of different segments write them. */
    private static final int LINE = 8;

    private final long graceNanos;
    /** Per segment, the file its stacks are of ({@link StoreMapping#offsets}): stacks of another file are dropped, never used. */
    private final Object[] stacksOf;
    private final long[] ready;
    private final long[] aging;
    private final long[] young;
    /** Per stack of one size and segment: when young last became aging. */
    private final long[] turnedAt;
    /** Per stack of one size and segment: the bytes of its young and of its aging entries. */
    private final long[] youngBytes;
    private final long[] agingBytes;
    /** Per segment (at {@code segment * LINE}): the bytes of its young and aging entries, the room waiting out its grace time. */
    private final long[] inGraceBySegment;
    /** Puts that wrote into freed room, per segment (each counted under its segment's lock). */
    private final long[] reusedBySegment;
    /** Of those, the puts that took the front of a bigger freed entry, per segment. */
    private final long[] splitBySegment;

    /** Stacks for {@code segments} segments; an entry is reused {@code graceNanos} after it was freed, at least. */
    FreeEntries(int segments, long graceNanos) {
        this.graceNanos = graceNanos;
        this.stacksOf = new Object[segments];
        this.ready = new long[segments * SIZES];
        this.aging = new long[segments * SIZES];
        this.young = new long[segments * SIZES];
        this.turnedAt = new long[segments * SIZES];
        this.youngBytes = new long[segments * SIZES];
        this.agingBytes = new long[segments * SIZES];
        this.inGraceBySegment = new long[segments * LINE];
        this.reusedBySegment = new long[segments];
        this.splitBySegment = new long[segments];
    }

    /**
     * Room for an entry of {@code entryBytes} in {@code segment} of {@code m}, in a freed entry
     * whose grace time has passed, taken off its stack: the put writes its entry there. A freed
     * entry of exactly that size when there is one. Else the front of the smallest bigger one (by
     * {@link EntryLayout#MIN_ENTRY_BYTES} to {@link #SPLIT_REACH_BYTES}) from a stack its own puts
     * left alone for a grace time: its last turn is at least that far back (it is turned here if
     * its ready entries are gone), so its own puts take fewer than are freed. A stack its own puts
     * drain is left to them, or they would append in turn. The rest of that entry is marked a freed
     * entry of its own ({@link EntryLayout#markFreedRoom}) and made ready at once: its grace time
     * has passed with the entry's. -1 when there is none.
     */
    // hot path: no allocation
    long take(StoreMapping m, int segment, long entryBytes) {
        if (entryBytes > MAX_ENTRY_BYTES || stacksOf[segment] != m.offsets) {
            return -1;
        }
        int stack = stack(segment, entryBytes);
        long now = 0; // the clock, once read: only a put that finds its ready stack empty reads it
        if (ready[stack] == NONE && (young[stack] != NONE || aging[stack] != NONE)) {
            now = System.nanoTime() | 1;
            turn(stack, now);
        }
        if (ready[stack] != NONE) {
            return pop(m, segment, stack);
        }
        long reach = Math.min(MAX_ENTRY_BYTES, entryBytes + SPLIT_REACH_BYTES);
        for (long bytes = entryBytes + EntryLayout.MIN_ENTRY_BYTES; bytes <= reach; bytes += EntryLayout.ALIGNMENT) {
            int bigger = stack(segment, bytes);
            if (ready[bigger] == NONE && young[bigger] == NONE && aging[bigger] == NONE) {
                continue;
            }
            if (now == 0) {
                now = System.nanoTime() | 1;
            }
            if (now - turnedAt[bigger] < graceNanos) {
                continue; // its own puts took or turned it within a grace time: leave it to them
            }
            if (ready[bigger] == NONE) {
                turn(bigger, now);
                if (ready[bigger] == NONE) {
                    continue;
                }
            }
            long entry = pop(m, segment, bigger);
            long rest = entry + entryBytes;
            int restStack = stack(segment, bytes - entryBytes);
            EntryLayout.markFreedRoom(m.file, rest, bytes - entryBytes, ready[restStack]);
            VarHandle.storeStoreFence(); // the rest's mark before the put's entry ends the span at it
            ready[restStack] = rest;
            splitBySegment[segment]++;
            return entry;
        }
        return -1;
    }

    /** The first ready entry of {@code stack} (there is one), taken off it. */
    // hot path: no allocation
    private long pop(StoreMapping m, int segment, int stack) {
        long entry = ready[stack];
        ready[stack] = EntryLayout.nextFreed(m.file, entry);
        reusedBySegment[segment]++;
        return entry;
    }

    /**
     * Makes the aging stack of {@code stack} ready and the young one aging, if its last turn is at
     * least the grace time before {@code now}.
     */
    // hot path: no allocation
    private void turn(int stack, long now) {
        if (now - turnedAt[stack] >= graceNanos) {
            ready[stack] = aging[stack];
            aging[stack] = young[stack];
            young[stack] = NONE;
            turnedAt[stack] = now;
            inGraceBySegment[stack / SIZES * LINE] -= agingBytes[stack];
            agingBytes[stack] = youngBytes[stack];
            youngBytes[stack] = 0;
        }
    }

    /**
     * Marks {@code entry} ({@code entryBytes} long, in {@code segment} of {@code m}), which no slot
     * points at any more, freed, and pushes it on its young stack when it is small enough to reuse.
     */
    // hot path: no allocation
    void free(StoreMapping m, int segment, long entry, long entryBytes) {
        if (entryBytes > MAX_ENTRY_BYTES) {
            EntryLayout.markFreed(m.file, entry, NONE);
            return;
        }
        if (stacksOf[segment] != m.offsets) {
            int from = segment * SIZES;
            int to = from + SIZES;
            Arrays.fill(ready, from, to, NONE);
            Arrays.fill(aging, from, to, NONE);
            Arrays.fill(young, from, to, NONE);
            Arrays.fill(turnedAt, from, to, System.nanoTime());
            Arrays.fill(youngBytes, from, to, 0);
            Arrays.fill(agingBytes, from, to, 0);
            inGraceBySegment[segment * LINE] = 0;
            stacksOf[segment] = m.offsets;
        }
        int stack = stack(segment, entryBytes);
        EntryLayout.markFreed(m.file, entry, young[stack]);
        young[stack] = entry;
        youngBytes[stack] += entryBytes;
        inGraceBySegment[segment * LINE] += entryBytes;
    }

    /**
     * The bytes of the freed entries of {@code m} still waiting out their grace time (young and
     * aging), over every segment whose stacks are of {@code m} (not of a file a growth copied from):
     * room that puts of their sizes will write into within two grace times, not dead room a growth
     * should copy the store to drop. Read without the locks, so a value a few puts old: good enough
     * for a growth's choice.
     */
    // hot path: no allocation (asked after appending puts while the log is nearly full)
    long inGraceBytes(StoreMapping m) {
        long sum = 0;
        for (int segment = 0; segment < stacksOf.length; segment++) {
            if (stacksOf[segment] == m.offsets) {
                sum += inGraceBySegment[segment * LINE];
            }
        }
        return sum;
    }

    /** Puts that wrote into a freed entry instead of appending, since the store was opened (tests; exact under every lock). */
    long reused() {
        return Arrays.stream(reusedBySegment).sum();
    }

    /** Of those, the puts that took the front of a bigger freed entry (tests; exact under every lock). */
    long split() {
        return Arrays.stream(splitBySegment).sum();
    }

    private static int stack(int segment, long entryBytes) {
        return segment * SIZES + (int) (entryBytes / EntryLayout.ALIGNMENT);
    }
}
