package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Mends a damaged store (for {@code allocpool kv repair}): keeps every entry whose checksum holds,
 * drops the rest and says how many and why. A truncated file, or pages of the slot table or the
 * value log zeroed or overwritten (what a machine crash may leave of an {@code async} store), can
 * be repaired; a damaged header cannot (the layout is unknown).
 *
 * <p>Which entries it keeps, per key: the one the key's slot points at when slot and entry are
 * whole; none when the slot is whole but its entry is not (the current value is lost, and an
 * older one must not come back in its place); when the key has no sound slot, the newest whole
 * entry of the key in the log ({@link LogScan}), but only if the table cannot say the key is gone:
 * the probe path where its slot would be crosses a damaged (or all-zero) table page. A remove
 * marks the key's slot removed, a word that does not name the key (format versions 3 and 4), and frees
 * its entry (marked in the log, so no whole entry of it is left; not in a store opened shared, which
 * frees nothing): a removed key whose entry is still whole in the log and whose probe path crosses a
 * damaged page can come back, since repair cannot know it was removed.
 *
 * <p>The original file is never changed: the repaired store is written whole under
 * {@code store.kv.repair}, forced, checked as an opening store would, then the original gets a
 * second name ({@code store.kv.damaged}, a hard link, or a copy where links are refused) and the
 * repaired file is renamed over {@code store.kv}: a crash at any moment leaves the original or the
 * repaired store in place. Takes the store's process lock: no server may have it open.
 *
 * <p>Thread-safety: one call at a time per directory (the process lock refuses a second). Memory:
 * the damaged file is mapped read-only in a confined arena and the new one through a
 * {@link StoreMapping}, both unmapped before {@link #repair} returns; on the heap, a
 * {@link LogKey} per distinct key of the log (see {@link LogScan}).
 */
public final class StoreRepair {

    static final String REPAIR_SUFFIX = ".repair";
    static final String BACKUP_SUFFIX = ".damaged";

    private StoreRepair() {
    }

    /**
     * Repairs the store in {@code dir}, or leaves it as it is when nothing is wrong (unless
     * {@code force}: then it is rebuilt all the same, which brings back the keys of an all-zero
     * table page that neither {@code kv check} nor opening can tell from empty slots).
     *
     * @param progress told the log bytes scanned so far, and then the log's size, now and then
     * @throws StoreFileException when there is no store, it is not a store of this format, its
     *                            header is damaged, or another process has it open
     * @throws IOException        when a file cannot be read or written
     */
    public static RepairReport repair(Path dir, boolean force, LongConsumer progress) throws IOException {
        Path path = dir.resolve(MappedStore.FILE_NAME);
        if (!Files.isRegularFile(path)) {
            throw new StoreFileException(path, "no store here (the file does not exist)");
        }
        try (ProcessLock lock = ProcessLock.acquire(dir.resolve(StoreOpening.LOCK_NAME), path);
             FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             Arena arena = Arena.ofConfined()) {
            long fileBytes = channel.size();
            ByteBuffer first = ByteBuffer.allocate((int) Math.min(fileBytes, HeaderLayout.HEADER_BYTES));
            while (first.hasRemaining() && channel.read(first, first.position()) >= 0) {
                // a positional read may return fewer bytes than asked: read on until full
            }
            StoreHeader header;
            try {
                header = HeaderLayout.readAnyLength(path, MemorySegment.ofArray(first.array()), fileBytes);
            } catch (StoreFileException e) {
                throw new StoreFileException(path, "cannot repair: "
                        + e.getMessage().substring(path.toString().length() + 2));
            }
            if (fileBytes < header.logOffset()) {
                throw new StoreFileException(path, "cannot repair: the file ends at byte " + fileBytes
                        + ", inside the slot table the header says runs to byte " + header.logOffset()
                        + ", so no entry is left to rebuild from; move the file away to start an empty store");
            }
            long mapped = Math.min(fileBytes, header.fileBytes());
            MemorySegment file = channel.map(FileChannel.MapMode.READ_ONLY, 0, mapped, arena);
            TableSurvey table = TableSurvey.survey(file, header);
            LogScan log = LogScan.scan(file, header.logOffset(), header.fileBytes(), header.keySeed(), progress);
            Plan plan = plan(table, log);
            long missing = Math.max(0, header.fileBytes() - fileBytes);
            boolean sound = missing == 0 && fileBytes == header.fileBytes() && table.dropped() == 0
                    && table.damagedSlots == 0;
            Path backup = null;
            if (!sound || force) {
                Path temp = path.resolveSibling(MappedStore.FILE_NAME + REPAIR_SUFFIX);
                Files.deleteIfExists(temp);
                write(file, header.withLogBytes(rebuiltLogBytes(header, fileBytes)), plan.entries, temp, path);
                backup = keepOriginal(path);
                Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                ProcessLock.forceDirectory(dir);
            }
            long[] drops = table.drops;
            return new RepairReport(path, fileBytes, missing, backup != null, backup,
                    sound && !force ? table.live.size() : plan.fromTable, sound && !force ? 0 : plan.fromLog,
                    drops[TableSurvey.Drop.BAD_CHECKSUM.ordinal()], drops[TableSurvey.Drop.TORN.ordinal()],
                    drops[TableSurvey.Drop.BAD_KEY.ordinal()], table.damagedSlots, table.provenDamagedPages,
                    plan.orphans, log.wholeEntries, log.freedEntries, log.damagedStretches, log.damagedBytes, table.details);
        }
    }

    /**
     * The log a rebuilt file gets: the header's when the file is whole; when it is shorter, only the
     * log the file still has (every kept entry comes from there, and the store grows its log when it
     * fills), so that a header that claims a log far beyond the file (a crafted one, or a copy cut
     * short) never makes a repair write a file of the size it claims.
     */
    static long rebuiltLogBytes(StoreHeader header, long fileBytes) {
        if (fileBytes >= header.fileBytes()) {
            return header.logBytes();
        }
        long left = fileBytes - header.logOffset();
        long aligned = (left + EntryLayout.ALIGNMENT - 1) & -EntryLayout.ALIGNMENT;
        return Math.max(EntryLayout.ALIGNMENT, Math.min(header.logBytes(), aligned));
    }

    /** The entries to keep (offsets in the old file, in log order) and how each key was decided. */
    private record Plan(long[] entries, long fromTable, long fromLog, long orphans) {
    }

    private static Plan plan(TableSurvey table, LogScan log) {
        long[] entries = new long[table.live.size() + log.newest.size()];
        int n = 0;
        for (long entry : table.live.values()) {
            entries[n++] = entry;
        }
        long fromLog = 0;
        long orphans = 0;
        for (Map.Entry<LogKey, Long> e : log.newest.entrySet()) {
            LogKey key = e.getKey();
            if (table.live.containsKey(key) || table.isDropped(key)) {
                continue;
            }
            if (table.probeCrossesDamage(key)) {
                entries[n++] = e.getValue();
                fromLog++;
            } else {
                orphans++;
            }
        }
        long[] kept = Arrays.copyOf(entries, n);
        Arrays.sort(kept);
        return new Plan(kept, table.live.size(), fromLog, orphans);
    }

    /**
     * Writes {@code entries} of {@code from} into a new store at {@code temp} laid out as
     * {@code old} (with more slots if a segment would be over half full), forces it and checks it
     * as an opening store would.
     */
    private static void write(MemorySegment from, StoreHeader old, long[] entries, Path temp, Path path)
            throws IOException {
        int[] perSegment = new int[old.segments()];
        for (long entry : entries) {
            perSegment[KeyHash.segment(KeyHash.mix(EntryLayout.key(from, entry)), old.segments())]++;
        }
        int fullest = Arrays.stream(perSegment).max().orElse(0);
        int slotsPerSegment = old.slotsPerSegment();
        while (fullest + 1 > slotsPerSegment / 2 && slotsPerSegment < StoreRebuild.MAX_SLOTS_PER_SEGMENT) {
            slotsPerSegment *= 2;
        }
        StoreHeader next = new StoreHeader(old.segments(), slotsPerSegment, old.logBytes(), old.maxValueBytes(),
                old.durability(), old.maxKeyBytes(), old.keySeed());
        try (StoreMapping fresh = StoreMapping.create(temp, path, next)) {
            MemorySegment to = fresh.file;
            long tail = fresh.logOffset;
            for (long entry : entries) {
                long key = EntryLayout.key(from, entry);
                long bytes = EntryLayout.entryBytes(from, entry);
                MemorySegment.copy(from, entry, to, tail, bytes);
                long hash = KeyHash.mix(key);
                long slot = TableProbe.findEmpty(fresh, KeyHash.segment(hash, next.segments()), hash);
                SlotLayout.setRefRelease(to, slot, SlotLayout.refOf(tail, EntryLayout.keyLength(from, entry) >= 0, key, hash));
                tail += bytes;
            }
            fresh.forceAll();
        }
        try (StoreMapping written = StoreMapping.open(temp, false)) {
            TableScan.scan(written, true);
        }
    }

    /** Gives the original file a second name, {@code store.kv.damaged} (or {@code .damaged.2}, ...). */
    private static Path keepOriginal(Path path) throws IOException {
        for (int n = 1; ; n++) {
            Path backup = path.resolveSibling(MappedStore.FILE_NAME + BACKUP_SUFFIX + (n == 1 ? "" : "." + n));
            if (Files.exists(backup)) {
                continue;
            }
            try {
                Files.createLink(backup, path);
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (UnsupportedOperationException | IOException e) {
                Files.copy(path, backup);
            }
            return backup;
        }
    }
}
