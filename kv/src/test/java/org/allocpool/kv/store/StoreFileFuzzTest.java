package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target of the store's file reading (issue 34): a sound store file of known contents, changed
 * by the fuzzer (bytes patched anywhere, in the header, the slot table or the log; cut short or made
 * longer; the header's checksum made right again or not, as a crafted file would), is checked
 * ({@link StoreCheck}), opened ({@link MappedStore#openExisting}) and repaired ({@link StoreRepair}).
 * Each either works or refuses the file with the store's own {@link StoreFileException}, never
 * another exception (an IndexOutOfBoundsException, an InternalError, an OutOfMemoryError); a store
 * that opens serves reads and writes; a store {@code kv check} calls healthy opens; and a repaired
 * store is healthy and opens.
 *
 * <p>The normal suite replays {@code StoreFileFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes.
 * Bounded: the file is about 100 KB; a repair writes at most the header's table and the log the
 * file still has ({@link StoreRepair#rebuiltLogBytes}), and is asked only where that is at most
 * {@link #MAX_REPAIR_BYTES}; it may still write more where a crafted header names many segments and
 * a segment's keys make it double its slots.
 */
class StoreFileFuzzTest {

    /** A fixed key seed: the base file, and so every input's file, is the same in every run. */
    private static final long KEY_SEED = 0x5EED_0000_0034L;
    private static final long MAX_REPAIR_BYTES = 16L << 20;
    private static final int MAX_EDITS = 16;
    private static final int MAX_PATCH = 16;

    @TempDir
    static Path dir;

    private static byte[] base;
    private static long tableOffset;
    private static long logOffset;

    /** The base file: long keys held in their slots and hashed, byte keys, an expiry, replaced and removed values. */
    @BeforeAll
    static void makeBaseFile() throws IOException {
        Path made = dir.resolve("base");
        try (MappedStore store = MappedStore.openWithKeySeed(made, new StoreConfig(64, 128, Durability.ASYNC, 32),
                KEY_SEED)) {
            for (long key = 0; key < 24; key++) {
                byte[] value = value(key, 0);
                store.put(key, value, 0, value.length);
                long big = key << 40 | 7;
                store.put(big, value, 0, value.length);
            }
            for (int i = 0; i < 12; i++) {
                byte[] value = value(i, 1);
                store.put(ByteKey.of("key-" + i), value, 0, value.length, i % 3 == 0 ? Long.MAX_VALUE / 2 : 0,
                        PutCondition.ALWAYS);
            }
            for (long key = 0; key < 24; key += 3) {
                byte[] value = value(key, 2);
                store.put(key, value, 0, value.length);
            }
            for (long key = 1; key < 24; key += 5) {
                store.remove(key);
                store.remove(ByteKey.of("key-" + key));
            }
        }
        base = Files.readAllBytes(made.resolve(MappedStore.FILE_NAME));
        MemorySegment header = MemorySegment.ofArray(base);
        tableOffset = header.get(HeaderLayout.LONG, HeaderLayout.TABLE_OFFSET_OFFSET);
        logOffset = header.get(HeaderLayout.LONG, HeaderLayout.LOG_OFFSET_OFFSET);
    }

    private static byte[] value(long key, int version) {
        return ("value " + key + " version " + version + " " + "x".repeat((int) (key % 7) * 9))
                .getBytes(StandardCharsets.US_ASCII);
    }

    @FuzzTest(maxDuration = "10m")
    void shouldCheckOpenAndRepairAnyDamagedFileOrRefuseItByName(FuzzedDataProvider data) throws IOException {
        byte[] file = damaged(data);
        boolean force = data.consumeBoolean();
        Path storeDir = dir.resolve("store");
        clear(storeDir);
        Files.write(storeDir.resolve(MappedStore.FILE_NAME), file);

        CheckReport check = null;
        try {
            check = StoreCheck.check(storeDir);
            check.render();
        } catch (StoreFileException refused) {
            // a header that cannot be read even for a report
        }
        boolean opened = open(storeDir);
        if (check != null && check.isHealthy()) {
            assertTrue(opened, "kv check called the store healthy but it does not open: " + check.render());
        }
        if (repairedHeaderBytes(storeDir) > MAX_REPAIR_BYTES) {
            return;
        }
        RepairReport repair;
        try {
            repair = StoreRepair.repair(storeDir, force, bytes -> { });
        } catch (StoreFileException refused) {
            return; // not a store, or its header is damaged: the layout is unknown
        }
        repair.render();
        CheckReport after = StoreCheck.check(storeDir);
        assertTrue(after.isHealthy(), "after kv repair: " + after.render() + "\nrepair: " + repair.render());
        assertTrue(open(storeDir), "a repaired store opens");
    }

    /** The base file with the fuzzer's damage. */
    private static byte[] damaged(FuzzedDataProvider data) {
        int length = switch (data.consumeInt(0, 3)) {
            case 0 -> data.consumeInt(0, base.length + HeaderLayout.HEADER_BYTES);
            case 1 -> base.length - EntryLayout.ALIGNMENT * data.consumeInt(0, 64);
            default -> base.length;
        };
        byte[] file = Arrays.copyOf(base, Math.max(0, length));
        int edits = data.consumeInt(0, MAX_EDITS);
        for (int i = 0; i < edits && file.length > 0; i++) {
            long from;
            long to;
            switch (data.consumeInt(0, 3)) {
                case 0 -> { from = 0; to = 80; }
                case 1 -> { from = tableOffset; to = logOffset; }
                case 2 -> { from = logOffset; to = file.length; }
                default -> { from = 0; to = file.length; }
            }
            to = Math.min(to, file.length);
            if (from >= to) {
                continue;
            }
            int at = (int) data.consumeLong(from, to - 1);
            byte[] patch = data.consumeBytes(data.consumeInt(1, MAX_PATCH));
            System.arraycopy(patch, 0, file, at, Math.min(patch.length, file.length - at));
        }
        if (data.consumeBoolean() && file.length >= HeaderLayout.HEADER_BYTES) {
            // a crafted header: its checksum made to hold for whatever the fields now say
            MemorySegment header = MemorySegment.ofArray(file);
            int version = header.get(HeaderLayout.INT, HeaderLayout.VERSION_OFFSET);
            if (version == HeaderLayout.VERSION || version == HeaderLayout.UNKEYED_VERSION) {
                header.set(HeaderLayout.INT, HeaderLayout.CHECKSUM_OFFSET, HeaderLayout.checksum(header, version));
            }
        }
        return file;
    }

    /** Opens the store, reads every key the base file had and writes one; false when it is refused by name. */
    private static boolean open(Path storeDir) throws IOException {
        try (MappedStore store = MappedStore.openExisting(storeDir)) {
            byte[] buffer = new byte[Math.min(store.maxValueBytes(), 4096)]; // a crafted header may name 2 GiB
            long[] live = {0};
            store.forEach((key, value) -> live[0]++);
            assertTrue(live[0] <= store.size(), live[0] + " long keys of " + store.size());
            for (long key = 0; key < 24; key++) {
                store.getIfFits(key, buffer);
                store.getIfFits(key << 40 | 7, buffer);
                if ("key-99".length() <= store.maxKeyBytes()) { // a crafted header may name a shorter limit
                    store.getIfFits(ByteKey.of("key-" + key), buffer);
                }
            }
            byte[] value = value(99, 3);
            if (value.length <= buffer.length) {
                store.put(99, value, 0, value.length);
                assertEquals(value.length, store.get(99, buffer), "a value put in the opened store reads back");
            }
            store.remove(3);
            return true;
        } catch (StoreFileException refused) {
            assertTrue(refused.getMessage().startsWith(storeDir.toString()), refused.getMessage());
            return false;
        }
    }

    /** The file length a repair writes before any segment needs more slots, or 0 when the header names none. */
    private static long repairedHeaderBytes(Path storeDir) throws IOException {
        Path path = storeDir.resolve(MappedStore.FILE_NAME);
        byte[] bytes = Files.readAllBytes(path);
        try {
            StoreHeader header = HeaderLayout.readAnyLength(path, MemorySegment.ofArray(
                    Arrays.copyOf(bytes, Math.min(bytes.length, HeaderLayout.HEADER_BYTES))), bytes.length);
            return header.logOffset() + StoreRepair.rebuiltLogBytes(header, bytes.length);
        } catch (StoreFileException refused) {
            return 0;
        }
    }

    private static void clear(Path storeDir) throws IOException {
        Files.createDirectories(storeDir);
        try (Stream<Path> files = Files.list(storeDir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
    }
}
