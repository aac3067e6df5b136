package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kills a child process ({@link StoreWriterChild}) with SIGKILL in the middle of its writes, then
 * reopens its store: every write acknowledged before the kill must be there, whole.
 */
class CrashRecoveryTest {

    /**
     * How long the child may take to make its writes: about a second on a quiet 2-core machine. Past
     * it the child is killed, which ends the read of its output (a read that no interrupt ends).
     */
    private static final Duration CHILD_WAIT = Duration.ofMinutes(1);

    /** Writes acknowledged before the kill: fewer in sync mode, where each costs two msyncs. */
    private static int acknowledgedBeforeKill(Durability durability) {
        return durability == Durability.SYNC ? 2_000 : 5_000;
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Durability.class)
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldKeepEveryAcknowledgedWriteAfterKillDashNine(Durability durability) throws Exception {
        writeKillAndCheck(durability, false);
    }

    /** The group commit of sync mode: puts acknowledged after their batch's commit, 1 to 32 a batch. */
    @org.junit.jupiter.api.Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldKeepEveryWriteOfACommittedBatchAfterKillDashNine() throws Exception {
        writeKillAndCheck(Durability.SYNC, true);
    }

    private void writeKillAndCheck(Durability durability, boolean batched) throws Exception {
        Path store = dir.resolve("store");
        Path stderr = dir.resolve("child.err");
        Map<Long, Long> acknowledged = new HashMap<>();
        long acks = 0;
        int killAfter = batched ? 5_000 : acknowledgedBeforeKill(durability);
        Process child = new ProcessBuilder(List.of(javaExecutable(), "--sun-misc-unsafe-memory-access=deny",
                "-cp", System.getProperty("java.class.path"), StoreWriterChild.class.getName(),
                store.toString(), durability.name(), batched ? "BATCH" : "ONE"))
                .redirectError(stderr.toFile())
                .start();
        // Through the handle, as the kill below: stdout stays open and the read ends at its end.
        CompletableFuture<Void> deadline = CompletableFuture.runAsync(() -> child.toHandle().destroyForcibly(),
                CompletableFuture.delayedExecutor(CHILD_WAIT.toSeconds(), TimeUnit.SECONDS));
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.endsWith(".")) {
                    break; // cut short by the kill: not a whole acknowledgement
                }
                String[] parts = line.substring(0, line.length() - 1).split(" ");
                acknowledged.merge(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Math::max);
                if (++acks == killAfter) {
                    // SIGKILL: no shutdown hook, no close(). Through the handle, which (unlike
                    // Process.destroyForcibly) leaves stdout open: acknowledgements already in
                    // the pipe are read to the end below.
                    child.toHandle().destroyForcibly();
                }
            }
        } finally {
            deadline.cancel(false);
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not die");
        }
        if (acks < killAfter) {
            fail("the child stopped after " + acks + " writes"
                    + (deadline.isCancelled() ? "" : ", killed after " + CHILD_WAIT.toSeconds() + " s")
                    + ": " + Files.readString(stderr));
        }
        // run without --enable-native-access and with Unsafe denied: a restricted method or an
        // Unsafe memory access would have printed a warning or failed
        assertEquals("", Files.readString(stderr), "the child's stderr");

        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        assertTrue(report.entries() >= acknowledged.size(), report.render());
        try (MappedStore reopened = MappedStore.openExisting(store)) {
            byte[] buffer = new byte[256];
            for (var e : acknowledged.entrySet()) {
                long key = e.getKey();
                int length = reopened.get(key, buffer);
                assertTrue(length >= 0, "acknowledged key " + key + " is missing");
                long version = CrashValues.versionOf(key, java.util.Arrays.copyOf(buffer, length));
                // a write may have completed between its put and its acknowledgement: newer is fine
                assertTrue(version >= e.getValue(), "key " + key + " holds version " + version
                        + ", the child acknowledged version " + e.getValue());
            }
            assertEquals(report.entries(), reopened.size());
            assertEquals(reopened.size(), reopened.entriesCheckedAtOpen(), "a killed store is checked entry by entry");
        }
    }

    static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
