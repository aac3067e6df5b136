package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Reads a possibly damaged value log from its start to its end and finds every whole entry in it
 * (see {@link EntryCheck}), whatever the slot table says: for each key, the newest whole entry
 * (the one furthest into the log: appends of one key are made under its segment's lock, in
 * order, and a growth writes the copied entries before any later append; a value written into
 * the room of a freed entry, at a lower offset, leaves no older whole entry of its key behind,
 * since every replaced entry is marked freed as its slot moves on; unless a crash fell between the
 * two, or the older entry was replaced by a build before the marks, 2026-11-24). Freed entries ({@link EntryCheck.Verdict#FREED})
 * are stepped over whole and counted apart, not as damage. Entries follow each
 * other 8-aligned; where the bytes at an offset are not a whole entry (a damaged page, a write
 * killed half-way, the free space at the end), the scan steps on 8 bytes at a time until entries
 * start again, skipping runs of zeros a page at a time. A value holding the exact image of a whole
 * entry, checksum included, could be taken for one inside a damaged stretch: not a case any store
 * write makes.
 *
 * <p>Single-threaded. Keeps one {@link LogKey} per distinct key on the heap (tens of bytes each,
 * plus the key's bytes): a repair of 10 million keys needs about a gigabyte of heap.
 */
final class LogScan {

    /** How often progress is reported, in log bytes. */
    static final long PROGRESS_STEP = 16L << 20;
    private static final MemorySegment ZEROS = MemorySegment.ofArray(new byte[HeaderLayout.HEADER_BYTES]);

    /** The newest whole entry of each key. */
    final Map<LogKey, Long> newest = new HashMap<>();
    /** Whole entries found, superseded ones included. */
    long wholeEntries;
    /** Entries the store had marked freed (replaced or removed values, their room kept for reuse). */
    long freedEntries;
    /** Bytes of those. */
    long freedBytes;
    /** Stretches between whole entries that hold non-zero bytes but no whole entry. */
    long damagedStretches;
    /** Bytes in those stretches. */
    long damagedBytes;

    private LogScan() {
    }

    /**
     * Scans the log of {@code file} from {@code logOffset} to {@code logEnd} (or to the end of
     * the mapping, when the file was truncated), reporting the bytes scanned so far to
     * {@code progress} every {@link #PROGRESS_STEP}; byte keys hashed with {@code keySeed}.
     */
    static LogScan scan(MemorySegment file, long logOffset, long logEnd, long keySeed, LongConsumer progress) {
        LogScan scan = new LogScan();
        long end = Math.min(logEnd, file.byteSize());
        long position = logOffset;
        long stretchStart = -1;
        boolean stretchNonZero = false;
        long nextProgress = logOffset + PROGRESS_STEP;
        while (position + EntryLayout.MIN_ENTRY_BYTES <= end) {
            if (position >= nextProgress) {
                progress.accept(position - logOffset);
                nextProgress = position + PROGRESS_STEP;
            }
            EntryCheck.Verdict verdict = EntryCheck.check(file, position, logOffset, logEnd, keySeed);
            if (verdict == EntryCheck.Verdict.WHOLE || verdict == EntryCheck.Verdict.FREED) {
                if (stretchStart >= 0) {
                    scan.endStretch(stretchStart, position, stretchNonZero);
                    stretchStart = -1;
                }
                long bytes = EntryLayout.entryBytes(file, position);
                if (verdict == EntryCheck.Verdict.WHOLE) {
                    scan.wholeEntries++;
                    scan.newest.put(LogKey.of(file, position), position);
                } else {
                    scan.freedEntries++;
                    scan.freedBytes += bytes;
                }
                position += bytes;
                continue;
            }
            if (stretchStart < 0) {
                stretchStart = position;
                stretchNonZero = false;
            }
            long next = nextNonZero(file, position, end);
            if (next == position) {
                stretchNonZero = true;
                position += EntryLayout.ALIGNMENT;
            } else {
                // an entry whose first non-zero byte is at 'next' starts at most 16 bytes before it (an
                // extended entry's length word has its EXTENDED bit; a compact entry of a zero checksum and
                // length has a non-zero key, or is all zeros): stepping back 24 bytes misses none
                position = Math.max(position + EntryLayout.ALIGNMENT,
                        (next & -EntryLayout.ALIGNMENT) - (EntryLayout.EXTENDED_HEADER_BYTES - EntryLayout.ALIGNMENT));
            }
        }
        if (stretchStart >= 0) {
            scan.endStretch(stretchStart, end, stretchNonZero);
        }
        progress.accept(end - logOffset);
        return scan;
    }

    /**
     * {@code position} if the 8 bytes there are not all zero, else the offset of the next non-zero
     * byte before {@code end} (or {@code end}).
     */
    private static long nextNonZero(MemorySegment file, long position, long end) {
        long at = position;
        while (at < end) {
            long n = Math.min(ZEROS.byteSize(), end - at);
            long mismatch = MemorySegment.mismatch(file, at, at + n, ZEROS, 0, n);
            if (mismatch >= 0) {
                long found = at + mismatch;
                return found < position + EntryLayout.ALIGNMENT ? position : found;
            }
            at += n;
        }
        return end;
    }

    private void endStretch(long start, long end, boolean nonZero) {
        if (nonZero) {
            damagedStretches++;
            damagedBytes += end - start;
        }
    }
}
