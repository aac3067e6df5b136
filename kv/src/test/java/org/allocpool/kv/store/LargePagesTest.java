package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store configured for large pages ({@link StoreConfig#withLargePages}) asks Linux for them on its
 * mapping, and on the mappings its growths make; a store not configured for them does not, and a
 * sync or shared store cannot be (a forced put would write back 2 MiB folios whole). Read from the
 * mappings' flags in {@code /proc/self/smaps} ({@code hg}: {@code MADV_HUGEPAGE} given), so only on
 * Linux; whether the kernel then uses large pages is its own affair.
 */
class LargePagesTest {

    private static final Path SMAPS = Path.of("/proc/self/smaps");

    @TempDir
    Path dir;

    /** The {@code VmFlags} of every mapping of {@code file} in this process. */
    private static List<String> flagsOfMappingsOf(Path file) throws IOException {
        List<String> flags = new ArrayList<>();
        boolean inMapping = false;
        for (String line : Files.readAllLines(SMAPS)) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                inMapping = line.endsWith(" " + file);
            } else if (inMapping && line.startsWith("VmFlags:")) {
                flags.add(line);
            }
        }
        return flags;
    }

    private static void assumeLinuxWithLargePages() {
        assumeTrue(Files.isReadable(SMAPS), "no /proc/self/smaps: not Linux");
        assumeTrue(Files.isDirectory(Path.of("/sys/kernel/mm/transparent_hugepage")), "a kernel without large pages");
    }

    private static boolean advised(String vmFlags) {
        return List.of(vmFlags.substring("VmFlags:".length()).trim().split(" ")).contains("hg");
    }

    private static void putKeys(MappedStore store, long from, long to) {
        byte[] value = new byte[100];
        for (long key = from; key < to; key++) {
            store.put(key, value, 0, value.length);
        }
    }

    @Test
    void shouldAskForLargePagesOnTheStoresMappingAndOnTheOnesItsGrowthsMakeWhenConfiguredFor() throws IOException {
        assumeLinuxWithLargePages();
        StoreConfig config = new StoreConfig(1_000, 256, Durability.ASYNC).withLargePages(true);
        try (MappedStore store = MappedStore.open(dir, config, 0)) {
            Path file = dir.toRealPath().resolve(MappedStore.FILE_NAME);
            List<String> opened = flagsOfMappingsOf(file);
            assertEquals(1, opened.size(), "the store's mappings: " + opened);
            assertTrue(advised(opened.get(0)), "not advised: " + opened);

            putKeys(store, 0, 20_000); // twenty times what it was laid out for: it grows, copying and in place
            List<String> grown = flagsOfMappingsOf(file);
            assertFalse(grown.isEmpty(), "no mapping of " + file);
            assertTrue(grown.stream().allMatch(LargePagesTest::advised), "a mapping a growth made is not advised: " + grown);
            assertEquals(20_000, store.size());
        }
    }

    @Test
    void shouldNotAskForLargePagesUnlessConfiguredFor() throws IOException {
        assumeLinuxWithLargePages();
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC), 0)) {
            putKeys(store, 0, 10);
            List<String> flags = flagsOfMappingsOf(dir.toRealPath().resolve(MappedStore.FILE_NAME));
            assertEquals(1, flags.size(), "the store's mappings: " + flags);
            assertFalse(advised(flags.get(0)), "a store not configured for large pages was advised: " + flags);
        }
    }

    @Test
    void shouldRefuseLargePagesForASyncOrASharedStore() {
        StoreConfig async = new StoreConfig(1_000, 256, Durability.ASYNC).withLargePages(true);
        IllegalArgumentException sync = assertThrows(IllegalArgumentException.class,
                () -> async.withDurability(Durability.SYNC));
        assertTrue(sync.getMessage().contains("not a sync one"), sync.getMessage());
        IllegalArgumentException shared = assertThrows(IllegalArgumentException.class, () -> async.withShared(true));
        assertTrue(shared.getMessage().contains("not a shared one"), shared.getMessage());
    }

    @Test
    void shouldRefuseLargePagesWithoutNativeAccessNamingTheFlag() throws Exception {
        assumeLinuxWithLargePages();
        Path stderr = dir.resolve("child.err");
        Process child = new ProcessBuilder(List.of(CrashRecoveryTest.javaExecutable(), "-cp",
                System.getProperty("java.class.path"), LargePagesChild.class.getName(), dir.resolve("store").toString()))
                .redirectError(stderr.toFile())
                .start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the child did not end");
        assertEquals("large pages need native access: run java with --enable-native-access=ALL-UNNAMED", out);
        // refused before any native call: no restricted-method warning
        assertEquals("", Files.readString(stderr));
    }
}
