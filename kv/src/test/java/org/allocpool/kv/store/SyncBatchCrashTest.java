package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL between the two halves of a group commit ({@link SyncBatchTornChild}:
 * the entries forced, no slot published) leaves a healthy store that holds what the earlier commit
 * published and none of the torn batch: its entries are dead space.
 */
class SyncBatchCrashTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldLeaveOnlyDeadEntriesWhenKilledBetweenTheLogForceAndThePublish() throws Exception {
        Path store = dir.resolve("store");
        Path stderr = dir.resolve("child.err");
        Process child = new ProcessBuilder(List.of(CrashRecoveryTest.javaExecutable(),
                "--sun-misc-unsafe-memory-access=deny", "-cp", System.getProperty("java.class.path"),
                SyncBatchTornChild.class.getName(), store.toString()))
                .redirectError(stderr.toFile())
                .start();
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            assertEquals("committed", lines.readLine(), () -> stderrOf(stderr));
            assertEquals("forced", lines.readLine(), () -> stderrOf(stderr));
            child.toHandle().destroyForcibly();
        } finally {
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not die");
        }
        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(SyncBatchTornChild.FIRST_KEYS, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.openExisting(store)) {
            assertEquals(SyncBatchTornChild.FIRST_KEYS, reopened.size());
            byte[] buffer = new byte[256];
            for (long key = 0; key < SyncBatchTornChild.SECOND_TO; key++) {
                int length = reopened.get(key, buffer);
                if (key < SyncBatchTornChild.FIRST_KEYS) {
                    assertTrue(length >= 0, "committed key " + key + " is missing");
                    assertEquals(1, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)),
                            "key " + key + " holds a write that was never published");
                } else {
                    assertEquals(MappedStore.ABSENT, length, "key " + key + " was never published");
                }
            }
            // the torn entries are dead space, overwritten by later appends
            byte[] value = CrashValues.value(500, 3);
            reopened.put(500, value, 0, value.length);
            assertEquals(SyncBatchTornChild.FIRST_KEYS + 1, reopened.size());
        }
        assertTrue(StoreCheck.check(store).isHealthy());
    }

    private static String stderrOf(Path stderr) {
        try {
            return "child's stderr: " + Files.readString(stderr);
        } catch (java.io.IOException e) {
            return "child's stderr unreadable: " + e;
        }
    }
}
