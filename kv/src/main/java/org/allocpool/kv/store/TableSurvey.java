package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the slot table of a possibly damaged store still says, for {@link StoreRepair}: the whole
 * entry each sound slot points at, the keys whose slot is sound but whose entry is not (dropped:
 * their current value is lost, and an older one must not come back in its place), and which 4 KiB
 * pages of the table are damaged (a slot no store writes, the page missing from a truncated file, or
 * a page of nothing but zeros: a zeroed page reads as empty slots, so it may be a damaged one).
 *
 * <p>A slot holds no key but a long key below 2^24 ({@link SlotLayout}): a slot is taken as written
 * by the store when its low bits are valid and it points at an 8-aligned offset in the log (random
 * bytes pass that about once in 2^15 for a 128 MiB file, and then almost surely count as a key
 * dropped for a bad checksum, not as a damaged slot); its entry, when whole, names the key, which
 * must hash to the slot's segment and fit its tag and flags (be the key it holds, or hash to its
 * tag). A dropped key is known only by its slot's segment, tag and flags: a key held in its slot
 * exactly, another key of the log that shares all three with a dropped slot stays dropped too (one
 * in 2^24 per dropped slot of its segment). A removed slot does not say which key it removed.
 * Single-threaded.
 */
final class TableSurvey {

    /** Why a key whose slot is sound was dropped. */
    enum Drop {
        BAD_CHECKSUM("bad checksum"),
        TORN("torn or truncated"),
        BAD_KEY("bad key");

        final String words;

        Drop(String words) {
            this.words = words;
        }
    }

    static final int SLOTS_PER_PAGE = HeaderLayout.HEADER_BYTES / SlotLayout.SLOT_BYTES;

    private final MemorySegment file;
    private final StoreHeader header;
    private final long tableOffset;
    private final long logOffset;
    /** The whole entry each sound slot points at, by key. */
    final Map<LogKey, Long> live = new HashMap<>();
    /** Segment, tag and kind of key ({@link #droppedMark}) of every sound slot that points at an entry that is not whole. */
    private final Set<Long> dropped = new HashSet<>();
    /** Table pages that are damaged or may be: missing, holding a slot no store writes, or all zeros. */
    final boolean[] damagedPages;
    /** Table pages shown damaged: missing, or holding a slot no store writes (all-zero pages not counted). */
    long provenDamagedPages;
    final long[] drops = new long[Drop.values().length];
    long damagedSlots;
    /** Damaged slots met in the page being surveyed. */
    private int garbageInPage;
    final List<String> details = new ArrayList<>();

    private TableSurvey(MemorySegment file, StoreHeader header) {
        this.file = file;
        this.header = header;
        this.tableOffset = header.tableOffset();
        this.logOffset = header.logOffset();
        this.damagedPages = new boolean[(int) ((logOffset - tableOffset) / HeaderLayout.HEADER_BYTES)];
    }

    /** Surveys every slot of {@code file} (mapped whole, or as far as a truncated file goes). */
    static TableSurvey survey(MemorySegment file, StoreHeader header) {
        TableSurvey survey = new TableSurvey(file, header);
        for (int page = 0; page < survey.damagedPages.length; page++) {
            survey.surveyPage(page);
        }
        return survey;
    }

    private void surveyPage(int page) {
        long start = tableOffset + (long) page * HeaderLayout.HEADER_BYTES;
        if (start + HeaderLayout.HEADER_BYTES > file.byteSize()) {
            damagedPages[page] = true;
            provenDamagedPages++;
            detail("table page " + page + " (offset " + start + ") is missing: the file ends at " + file.byteSize());
            return;
        }
        long slotsEnd = tableOffset + header.slots() * SlotLayout.SLOT_BYTES;
        boolean allZero = true;
        for (long slot = start; slot < start + HeaderLayout.HEADER_BYTES && slot < slotsEnd; slot += SlotLayout.SLOT_BYTES) {
            long ref = SlotLayout.refAcquire(file, slot);
            if (ref == SlotLayout.EMPTY) {
                continue;
            }
            allZero = false;
            if (ref == SlotLayout.REMOVED) {
                continue;
            }
            surveySlot(page, slot, ref);
        }
        if (allZero) {
            damagedPages[page] = true;
        }
        if (garbageInPage > 0) {
            detail("table page at offset " + start + ": " + garbageInPage + " slots hold bytes no store writes");
            garbageInPage = 0;
        }
    }

    private void surveySlot(int page, long slot, long ref) {
        long index = (slot - tableOffset) / SlotLayout.SLOT_BYTES;
        int segment = (int) (index / header.slotsPerSegment());
        long entry = SlotLayout.entryOf(ref);
        boolean byteKey = SlotLayout.isByteKey(ref);
        if (SlotLayout.hasStrayBits(ref) || entry < logOffset
                || entry > header.fileBytes() - EntryLayout.MIN_ENTRY_BYTES) {
            damagedSlots++;
            garbageInPage++;
            if (!damagedPages[page]) {
                damagedPages[page] = true;
                provenDamagedPages++;
            }
            return;
        }
        EntryCheck.Verdict verdict = EntryCheck.check(file, entry, logOffset, header.fileBytes(), header.keySeed());
        Drop drop = switch (verdict) {
            case WHOLE -> isOwnedHere(entry, segment, ref) ? null : Drop.BAD_KEY;
            case TORN -> Drop.TORN;
            case BAD_KEY_BYTES -> Drop.BAD_KEY;
            case OUTSIDE_LOG, IMPLAUSIBLE, BAD_CHECKSUM, FREED -> Drop.BAD_CHECKSUM;
        };
        if (drop == null) {
            LogKey owner = LogKey.of(file, entry);
            live.merge(owner, entry, Math::max);
            return;
        }
        drops[drop.ordinal()]++;
        dropped.add(droppedMark(segment, SlotLayout.marksOf(ref)));
        detail("slot " + index + " (" + (byteKey ? "byte key" : "long key") + ", tag " + SlotLayout.tagOf(ref)
                + ") points at offset " + entry + ": " + drop.words + ", dropped");
    }

    /** Whether the whole entry at {@code entry} is of a key that {@code ref}, a slot of {@code segment}, can hold. */
    private boolean isOwnedHere(long entry, int segment, long ref) {
        long key = EntryLayout.key(file, entry);
        long hash = KeyHash.mix(key);
        return KeyHash.segment(hash, header.segments()) == segment
                && SlotLayout.hasMarks(ref, SlotLayout.marks(EntryLayout.keyLength(file, entry) >= 0, key, hash));
    }

    /** A dropped slot's segment with its {@link SlotLayout#marks} (its tag and flags: the key's, or of keys of its tag). */
    private static long droppedMark(int segment, long marks) {
        return marks | (long) segment << 3; // bits 3.. are the entry offset's in a slot word, clear in marks
    }

    /** Whether {@code key}'s slot may be one that is sound but whose entry was not: it stays dropped. */
    boolean isDropped(LogKey key) {
        long hash = KeyHash.mix(key.key());
        return dropped.contains(droppedMark(KeyHash.segment(hash, header.segments()),
                SlotLayout.marks(key.isByteKey(), key.key(), hash)));
    }

    /**
     * Whether the probe path of {@code key} (from its first slot to the first empty one) crosses a
     * damaged page: then its slot may have been there, and the table cannot say it was removed.
     */
    boolean probeCrossesDamage(LogKey key) {
        long hash = KeyHash.mix(key.key());
        int segment = KeyHash.segment(hash, header.segments());
        int slots = header.slotsPerSegment();
        int index = KeyHash.firstSlot(hash, slots);
        for (int probes = 0; probes < slots; probes++) {
            long slot = tableOffset + ((long) segment * slots + index) * SlotLayout.SLOT_BYTES;
            if (damagedPages[(int) ((slot - tableOffset) / HeaderLayout.HEADER_BYTES)]) {
                return true;
            }
            if (SlotLayout.refAcquire(file, slot) == SlotLayout.EMPTY) {
                return false;
            }
            index = (index + 1) & (slots - 1);
        }
        return false;
    }

    long dropped() {
        long sum = 0;
        for (long n : drops) {
            sum += n;
        }
        return sum;
    }

    private void detail(String line) {
        if (details.size() < TableScan.MAX_PROBLEMS_KEPT) {
            details.add(line);
        }
    }
}
