package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store on a disk that fills up (a tmpfs of 4 MiB): the file's blocks are reserved when it grows,
 * so a full disk refuses the growth with an {@link UncheckedIOException} naming it, the put that
 * needed the room is refused and not counted, and every put acknowledged before is there, then and
 * after a reopen. (Before: the file grew sparse, and the first store into an unbacked page raised
 * SIGBUS, which the JVM turns into an {@link InternalError}.)
 */
@Timeout(120)
class FullDiskTest {

    private static final int VALUE_BYTES = 900;
    private static final int MAX_KEYS = 1_000_000;

    @TempDir
    Path scratch;

    static byte[] value(long key) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, (byte) (key * 31 + 7));
        value[0] = (byte) key;
        value[1] = (byte) (key >> 8);
        value[2] = (byte) (key >> 16);
        return value;
    }

    /** The store holds every key of {@code acknowledged} with its value, no key of {@code refused}, and counts the former. */
    private static void assertHolds(MappedStore store, BitSet acknowledged, BitSet refused) {
        assertEquals(acknowledged.cardinality(), store.size(), "entries counted");
        byte[] buffer = new byte[VALUE_BYTES];
        for (int key = acknowledged.nextSetBit(0); key >= 0; key = acknowledged.nextSetBit(key + 1)) {
            assertEquals(VALUE_BYTES, store.get(key, buffer), "key " + key);
            assertArrayEquals(value(key), buffer, "key " + key);
        }
        for (int key = refused.nextSetBit(0); key >= 0; key = refused.nextSetBit(key + 1)) {
            assertFalse(store.containsKey(key), "refused key " + key);
        }
    }

    @Test
    void shouldRefuseThePutsThatFindTheDiskFullAndKeepEveryAcknowledgedOne() throws Exception {
        try (SmallFileSystem disk = SmallFileSystem.mount(scratch.resolve("disk"), 4)) {
            Path dir = disk.root.resolve("store");
            for (Durability durability : Durability.values()) {
                BitSet acknowledged = new BitSet();
                BitSet refused = new BitSet();
                try (MappedStore store = MappedStore.open(dir, new StoreConfig(100, 1_024, durability))) {
                    // on until 20 puts were refused: a growth that frees its copy's room may let a few more in
                    for (int key = 0; key < MAX_KEYS && refused.cardinality() < 20; key++) {
                        byte[] value = value(key);
                        try {
                            store.put(key, value, 0, value.length);
                            acknowledged.set(key);
                        } catch (UncheckedIOException e) {
                            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
                            refused.set(key);
                        }
                    }
                    assertEquals(20, refused.cardinality(), "4 MiB never filled");
                    assertHolds(store, acknowledged, refused);
                }
                try (MappedStore reopened = MappedStore.openExisting(dir)) {
                    assertHolds(reopened, acknowledged, refused);
                }
                deleteStore(dir);
            }
        }
    }

    /**
     * A store made on a disk too full for it: the open throws an {@link IOException} naming the full
     * disk and leaves nothing behind (no temporary file, no lock held), so the same open works once
     * there is room. (Before: on tmpfs the first write into the new file's header faulted, and the
     * mapping and the lock leaked.)
     */
    @Test
    void shouldRefuseToMakeAStoreOnAFullDiskAndLeaveNothingBehind() throws Exception {
        try (SmallFileSystem disk = SmallFileSystem.mount(scratch.resolve("disk"), 4)) {
            Path filler = disk.root.resolve("filler");
            try (var out = Files.newOutputStream(filler)) {
                byte[] block = new byte[64 << 10];
                for (long written = 0; written < (4L << 20) - (256 << 10); written += block.length) {
                    out.write(block); // all but 256 KiB of the disk
                }
            }
            Path dir = disk.root.resolve("store");
            StoreConfig config = new StoreConfig(20_000, 1_024, Durability.ASYNC); // a file of about 1.6 MiB
            IOException refused = assertThrows(IOException.class, () -> MappedStore.open(dir, config).close());
            assertTrue(refused.getMessage().contains("No space left on device"), refused.getMessage());
            try (var left = Files.list(dir)) {
                assertEquals(List.of(), left.filter(p -> !p.getFileName().toString().equals("store.lock")).toList(),
                        "files left behind");
            }
            Files.delete(filler);
            try (MappedStore store = MappedStore.open(dir, config)) { // the lock was given back
                byte[] value = value(1);
                store.put(1, value, 0, value.length);
                assertHolds(store, BitSet.valueOf(new long[] {2}), new BitSet());
            }
        }
    }

    /**
     * Without native access the new room is reserved by writing zeros: the same refusals, the same
     * store. Run in a child JVM started without {@code --enable-native-access}.
     */
    @Test
    void shouldRefuseThePutsThatFindTheDiskFullWithoutNativeAccessToo() throws Exception {
        try (SmallFileSystem disk = SmallFileSystem.mount(scratch.resolve("disk"), 4)) {
            Path dir = disk.root.resolve("store");
            Path stderr = scratch.resolve("child.err");
            Process child = new ProcessBuilder(List.of(CrashRecoveryTest.javaExecutable(), "-cp",
                    System.getProperty("java.class.path"), FullDiskChild.class.getName(), dir.toString()))
                    .redirectError(stderr.toFile())
                    .start();
            List<String> lines = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not end");
            assertEquals(0, child.exitValue(), () -> lines + " " + readQuietly(stderr));
            String[] counts = lines.get(0).split(" "); // tried N refused K,K,...
            assertTrue(lines.get(1).contains("No space left on device"), lines.get(1));
            BitSet acknowledged = new BitSet();
            acknowledged.set(0, Integer.parseInt(counts[1]));
            BitSet refused = new BitSet();
            for (String key : counts[3].split(",")) {
                refused.set(Integer.parseInt(key));
            }
            assertEquals(20, refused.cardinality());
            acknowledged.andNot(refused);
            try (MappedStore reopened = MappedStore.openExisting(dir)) {
                assertHolds(reopened, acknowledged, refused);
            }
        }
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /**
     * A store file made sparse (by a version before reserved blocks, or a sparse copy) has every block
     * reserved once opened for writing: {@code stat}'s block count covers its length.
     */
    @Test
    void shouldReserveTheBlocksOfAStoreFileLeftSparseWhenOpened() throws Exception {
        Assumptions.assumeTrue(FileBlocks.isNative(), "posix_fallocate is called on Linux with native access only");
        Path dir = scratch.resolve("sparse");
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(100_000, 1_024, Durability.ASYNC))) {
            byte[] value = value(1);
            store.put(1, value, 0, value.length);
        }
        Path file = dir.resolve(MappedStore.FILE_NAME);
        Path sparse = scratch.resolve("sparse-copy");
        assertEquals(0, new ProcessBuilder("cp", "--sparse=always", file.toString(), sparse.toString())
                .inheritIO().start().waitFor());
        Files.move(sparse, file, StandardCopyOption.REPLACE_EXISTING);
        assertTrue(allocatedBytes(file) < Files.size(file) / 2, "the copy is not sparse: " + allocatedBytes(file));
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(100_000, 1_024, Durability.ASYNC))) {
            assertTrue(allocatedBytes(file) >= Files.size(file),
                    allocatedBytes(file) + " bytes allocated of " + Files.size(file));
            assertHolds(store, BitSet.valueOf(new long[] {2}), new BitSet());
        }
    }

    /** The bytes of disk the file's blocks take ({@code stat -c %b} blocks of {@code %B} bytes). */
    private static long allocatedBytes(Path file) throws IOException, InterruptedException {
        Process stat = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).start();
        String[] out = new String(stat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip().split(" ");
        assertEquals(0, stat.waitFor());
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }

    private static void deleteStore(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
    }
}
