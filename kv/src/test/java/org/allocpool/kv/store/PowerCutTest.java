package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power cut, not a {@code kill -9}: the page cache is lost, and of the pages written since the
 * last force any subset reached the disk, whole or torn at 512 bytes, as SQLite's crash tests and
 * CrashMonkey/ALICE model it. Crash images are built from the file before an operation (its last
 * forced state: in sync mode every earlier put and remove forced what it wrote; a freed entry's
 * mark, which no put forces, is taken as written) and the phases of the operation between its
 * forces (a put: its entry, then its slot, then the mark of the entry it replaced): every earlier
 * phase on the disk, and of the pages the phase changed every subset, each page whole, or torn (its
 * first k sectors new, or a random set of its sectors).
 * Every image opens, or {@code kv repair} heals it; in sync mode every acknowledged write is there,
 * and the write under way is there whole or not at all. In async mode (no promise across a power
 * cut) images of every page written since the last forced state (a close) are opened, and each
 * opens or is healed. Growth (a rename) is outside this model: the stores here never grow.
 *
 * <p>The suite checks a bounded number of images (printed); {@code -Dallocpool.kv.powerCutRounds=N}
 * runs N times the operations by hand.
 */
class PowerCutTest {

    private static final int ROUNDS = Integer.getInteger("allocpool.kv.powerCutRounds", 1);
    private static final int PAGE = 4096;
    private static final int SECTOR = 512;
    private static final int BASE_KEYS = 40;

    @TempDir
    Path dir;

    private int images;
    private int repaired;

    private static byte[] value(long key, long version) {
        return CrashValues.value(key, version);
    }

    @Test
    void shouldKeepEveryAcknowledgedWriteOfASyncStoreInEveryCrashImage() throws IOException {
        SplittableRandom random = new SplittableRandom(34);
        Path storeDir = dir.resolve("store");
        Path file = storeDir.resolve(MappedStore.FILE_NAME);
        Map<Long, Long> acknowledged = new HashMap<>(); // key -> version; absent: removed or never written
        try (MappedStore store = MappedStore.open(storeDir, new StoreConfig(10_000, 256, Durability.SYNC))) {
            for (long key = 0; key < BASE_KEYS; key++) {
                byte[] value = value(key, 1);
                store.put(key, value, 0, value.length);
                acknowledged.put(key, 1L);
            }
            for (int op = 0; op < 16 * ROUNDS; op++) {
                long key = random.nextLong(BASE_KEYS + 8);
                boolean remove = op % 4 == 3 && acknowledged.containsKey(key);
                long version = acknowledged.getOrDefault(key, 0L) + 1;
                byte[] before = Files.readAllBytes(file);
                if (remove) {
                    store.remove(key);
                } else {
                    byte[] value = value(key, version);
                    store.put(key, value, 0, value.length);
                }
                byte[] after = Files.readAllBytes(file);
                Long previous = acknowledged.get(key);
                for (byte[] image : crashImages(phases(file, before, after, key, remove), random)) {
                    openAndCheck(image, acknowledged, key, previous, remove ? null : version);
                }
                if (remove) {
                    acknowledged.remove(key);
                } else {
                    acknowledged.put(key, version);
                }
            }
        }
        System.out.printf("power cut, sync: %,d crash images checked, %,d healed by kv repair%n", images, repaired);
        assertTrue(images > 0);
    }

    @Test
    void shouldOpenOrHealEveryCrashImageOfAnAsyncStore() throws IOException {
        SplittableRandom random = new SplittableRandom(35);
        Path storeDir = dir.resolve("store");
        Path file = storeDir.resolve(MappedStore.FILE_NAME);
        try (MappedStore store = MappedStore.open(storeDir, new StoreConfig(10_000, 256, Durability.ASYNC))) {
            for (long key = 0; key < BASE_KEYS; key++) {
                byte[] value = value(key, 1);
                store.put(key, value, 0, value.length);
            }
        }
        byte[] forced = Files.readAllBytes(file); // a close forces everything
        try (MappedStore store = MappedStore.openExisting(storeDir)) {
            for (int op = 0; op < 40 * ROUNDS; op++) {
                long key = random.nextLong(BASE_KEYS * 2);
                if (op % 5 == 4) {
                    store.remove(key);
                } else {
                    byte[] value = value(key, op + 2);
                    store.put(key, value, 0, value.length);
                }
            }
            byte[] now = Files.readAllBytes(file);
            for (int sample = 0; sample < 60 * ROUNDS; sample++) {
                byte[] image = forced.clone();
                for (int page : changedPages(forced, now)) {
                    switch (random.nextInt(4)) {
                        case 0 -> { } // lost
                        case 1 -> copyPage(now, image, page); // reached the disk
                        default -> tear(now, image, page, random);
                    }
                }
                openAndCheck(image, Map.of(), -1, null, null);
            }
        }
        System.out.printf("power cut, async: %,d crash images checked, %,d healed by kv repair%n", images, repaired);
    }

    /**
     * The file's states at the forces of a sync operation, first {@code before}, last {@code after}:
     * a put writes and forces its entry, then writes and forces its slot, then (unforced) marks the
     * entry it replaced freed; a remove writes and forces its slot, then marks the entry freed. A
     * page can reach the disk only once the force before its write returned.
     */
    private static List<byte[]> phases(Path file, byte[] before, byte[] after, long key, boolean remove)
            throws IOException {
        long tableFrom;
        long tableTo;
        long entryFrom = 0;
        long entryTo = 0;
        try (StoreMapping m = StoreMapping.open(file, false)) {
            tableFrom = m.tableOffset;
            tableTo = m.logOffset;
            if (!remove) {
                long hash = KeyHash.mix(key);
                long slot = TableProbe.find(m, KeyHash.segment(hash, m.header.segments()), hash, key, null);
                assertTrue(slot >= 0, "the put's slot");
                entryFrom = SlotLayout.entryOf(SlotLayout.refAcquire(m.file, slot));
                entryTo = entryFrom + EntryLayout.entryBytes(m.file, entryFrom);
            }
        }
        List<byte[]> states = new ArrayList<>(List.of(before));
        if (!remove) {
            states.add(apply(states.getLast(), after, entryFrom, entryTo)); // the entry, forced
        }
        states.add(apply(states.getLast(), after, tableFrom, tableTo)); // the slot, forced
        states.add(after); // what the op wrote after its last force (a freed mark)
        return states;
    }

    private static byte[] apply(byte[] state, byte[] after, long from, long to) {
        byte[] next = state.clone();
        System.arraycopy(after, (int) from, next, (int) from, (int) (to - from));
        return next;
    }

    /**
     * For each phase of an operation (states {@code p - 1} to {@code p}): every earlier phase on the
     * disk, and every subset of this phase's changed pages, whole; then each of them torn (its first
     * k sectors, or a random set of its sectors), alone and with the others whole.
     */
    private static List<byte[]> crashImages(List<byte[]> states, SplittableRandom random) {
        List<byte[]> images = new ArrayList<>();
        for (int phase = 1; phase < states.size(); phase++) {
            byte[] base = states.get(phase - 1);
            byte[] done = states.get(phase);
            List<Integer> pages = changedPages(base, done);
            assertTrue(pages.size() <= 8, pages.size() + " pages changed by one phase of an operation");
            for (int subset = 0; subset < 1 << pages.size(); subset++) {
                byte[] image = base.clone();
                for (int i = 0; i < pages.size(); i++) {
                    if ((subset & 1 << i) != 0) {
                        copyPage(done, image, pages.get(i));
                    }
                }
                images.add(image);
            }
            for (int torn : pages) {
                for (int sectors = 1; sectors < PAGE / SECTOR; sectors++) {
                    byte[] alone = base.clone();
                    System.arraycopy(done, torn * PAGE, alone, torn * PAGE, sectors * SECTOR); // its first sectors only
                    images.add(alone);
                }
                byte[] withOthers = done.clone();
                copyPage(base, withOthers, torn);
                tear(done, withOthers, torn, random); // a random set of its sectors
                images.add(withOthers);
            }
        }
        return images;
    }

    private static List<Integer> changedPages(byte[] before, byte[] after) {
        assertEquals(before.length, after.length, "the file's length changed: the store grew");
        List<Integer> pages = new ArrayList<>();
        for (int page = 0; page * PAGE < before.length; page++) {
            int from = page * PAGE;
            int to = Math.min(before.length, from + PAGE);
            if (!Arrays.equals(before, from, to, after, from, to)) {
                pages.add(page);
            }
        }
        return pages;
    }

    private static void copyPage(byte[] from, byte[] to, int page) {
        System.arraycopy(from, page * PAGE, to, page * PAGE, Math.min(PAGE, from.length - page * PAGE));
    }

    private static void tear(byte[] from, byte[] to, int page, SplittableRandom random) {
        for (int sector = 0; sector < PAGE / SECTOR; sector++) {
            int at = page * PAGE + sector * SECTOR;
            if (at < from.length && random.nextBoolean()) {
                System.arraycopy(from, at, to, at, Math.min(SECTOR, from.length - at));
            }
        }
    }

    /**
     * Opens {@code image} (healed by {@code kv repair} when refused) and checks that it holds every
     * key of {@code acknowledged} at its version, but {@code key}, the write under way, which holds
     * {@code previous} or {@code next} (null: absent).
     */
    private void openAndCheck(byte[] image, Map<Long, Long> acknowledged, long key, Long previous, Long next)
            throws IOException {
        Path imageDir = dir.resolve("image");
        Files.createDirectories(imageDir);
        Files.write(imageDir.resolve(MappedStore.FILE_NAME), image);
        images++;
        MappedStore opened;
        try {
            opened = MappedStore.openExisting(imageDir);
        } catch (StoreFileException refused) {
            repaired++;
            StoreRepair.repair(imageDir, false, bytes -> { });
            opened = MappedStore.openExisting(imageDir);
        }
        try (MappedStore store = opened) {
            byte[] read = new byte[256];
            for (Map.Entry<Long, Long> e : acknowledged.entrySet()) {
                if (e.getKey() != key) {
                    assertVersion(store, e.getKey(), e.getValue(), read);
                }
            }
            if (key >= 0) {
                int length = store.getIfFits(key, read);
                Long found = length == MappedStore.ABSENT ? null
                        : CrashValues.versionOf(key, Arrays.copyOf(read, length));
                if (!Objects.equals(found, previous) && !Objects.equals(found, next)) {
                    fail("key " + key + " under way holds version " + found + ", neither " + previous + " nor " + next);
                }
            }
        }
        CheckReport check = StoreCheck.check(imageDir);
        assertTrue(check.isHealthy(), check.render());
        for (Path left : Files.list(imageDir).toList()) {
            Files.delete(left);
        }
    }

    private static void assertVersion(MappedStore store, long key, long version, byte[] read) {
        int length = store.getIfFits(key, read);
        assertTrue(length != MappedStore.ABSENT, "acknowledged key " + key + " is missing");
        assertArrayEquals(value(key, version), Arrays.copyOf(read, length), "key " + key);
    }
}
