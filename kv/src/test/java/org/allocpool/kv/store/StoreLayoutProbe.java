package org.allocpool.kv.store;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * For tests that damage a store on purpose: where each key's slot and entry sit in a closed store
 * file, and writers of zeroed or garbage 4 KiB pages. Reads through the package's own layouts.
 */
final class StoreLayoutProbe {

    static final int PAGE = HeaderLayout.HEADER_BYTES;

    /** Where one key lives: its slot's offset, its entry's offset and length in bytes. */
    record Place(long slot, long entry, long entryBytes) {

        boolean overlapsPage(long page) {
            return entry < (page + 1) * PAGE && entry + entryBytes > page * PAGE;
        }

        long slotPage() {
            return slot / PAGE;
        }
    }

    /** Live keys and removed slots of the store in {@code dir}, and its layout. */
    record Layout(Map<LogKey, Place> live, List<Long> removedSlots, long tableOffset, long logOffset,
                  long fileBytes) {
    }

    private StoreLayoutProbe() {
    }

    static Layout layout(Path dir) throws IOException {
        try (StoreMapping m = StoreMapping.open(dir.resolve(MappedStore.FILE_NAME), false)) {
            Map<LogKey, Place> live = new HashMap<>();
            List<Long> removed = new ArrayList<>();
            for (int segment = 0; segment < m.header.segments(); segment++) {
                for (int index = 0; index < m.slotsPerSegment; index++) {
                    long slot = m.slot(segment, index);
                    long ref = SlotLayout.refAcquire(m.file, slot);
                    if (ref == SlotLayout.REMOVED) {
                        removed.add(slot);
                    } else if (SlotLayout.isEntry(ref)) {
                        long entry = SlotLayout.entryOf(ref);
                        live.put(LogKey.of(m.file, entry), new Place(slot, entry, EntryLayout.entryBytes(m.file, entry)));
                    }
                }
            }
            return new Layout(live, removed, m.tableOffset, m.logOffset, m.header.fileBytes());
        }
    }

    /** Overwrites page {@code page} of {@code file} with zeros, or with random bytes from {@code seed}. */
    static void damagePage(Path file, long page, boolean garbage, long seed) throws IOException {
        byte[] bytes = new byte[PAGE];
        if (garbage) {
            new Random(seed).nextBytes(bytes);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(page * PAGE);
            raf.write(bytes);
        }
    }

    static void truncate(Path file, long length) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
        }
    }
}
