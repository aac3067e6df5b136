package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.process.Child;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several processes ({@link SharedStoreChild}, child JVMs started through the {@code process}
 * module) open one store file shared and write it at once: disjoint keys and keys they all write,
 * while the store grows under them; one is killed with SIGKILL holding a segment's lock and the
 * survivor goes on. Afterwards every write reads back from another open, the counts are exact and
 * the file checks healthy. Every wait is bounded; nothing is timed.
 */
class SharedStoreTest {

    /** Bounds each wait for a child's line: its work takes about a second on a quiet 2-core machine. */
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final Pattern OPEN = Pattern.compile("^open$");
    private static final Pattern WRITTEN = Pattern.compile("^written generation=(\\d+) takeovers=(\\d+)$");
    private static final Pattern CLOSED = Pattern.compile("^closed$");
    private static final Pattern HOLDING = Pattern.compile("^holding$");
    private static final int KEYS = 6_000;
    private static final int OVERLAP = 500;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldKeepEveryWriteOfTwoProcessesWritingOneStoreAtOnceWhileItGrows() throws Exception {
        Path store = dir.resolve("store");
        int peers = 2;
        List<RunningChild> writers = new ArrayList<>();
        try {
            for (int index = 0; index < peers; index++) {
                writers.add(start(store, "write", index, peers, KEYS, OVERLAP));
            }
            long[] generations = new long[peers];
            for (int index = 0; index < peers; index++) {
                Matcher written = awaitLine(writers.get(index), WRITTEN);
                generations[index] = Long.parseLong(written.group(1));
                assertEquals("0", written.group(2), "no lock was taken over");
            }
            // each process mapped new files: its own growths and the other's
            assertTrue(generations[0] > 1 && generations[1] > 1, Arrays.toString(generations));

            // the first to close leaves the store open in the other: no clean-close record yet
            assertEquals(0, writers.get(0).stop(WAIT).exitCode(), writers.get(0).stderrTail().toString());
            assertFalse(Files.exists(store.resolve(CleanClose.FILE_NAME)), "a clean close recorded while another process has the store open");
            assertEquals(0, writers.get(1).stop(WAIT).exitCode(), writers.get(1).stderrTail().toString());
            assertTrue(Files.exists(store.resolve(CleanClose.FILE_NAME)), "the last to close records a clean close");
        } finally {
            writers.forEach(RunningChild::close);
        }
        assertStderrEmpty(peers);

        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        long expected = (long) peers * KEYS + OVERLAP + peers;
        assertEquals(expected, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(0, reopened.entriesCheckedAtOpen(), "the last close's record is taken: no scan");
            assertEquals(expected, reopened.size());
            assertEveryOwnKey(reopened, peers, KEYS);
            byte[] buffer = new byte[256];
            for (long key = 0; key < OVERLAP; key++) {
                int length = reopened.get(key, buffer);
                assertTrue(length >= 0, "overlapping key " + key + " is missing");
                long version = CrashValues.versionOf(key, Arrays.copyOf(buffer, length));
                long lastRound = lastRound(key);
                // the last write of one of the writers, whole: never an older one, never a torn one
                assertTrue(version >= 0 && version / peers == lastRound, "overlapping key " + key + " holds version "
                        + version + ", not one of the writers' last (" + (lastRound * peers) + ".." + (lastRound * peers + peers - 1) + ")");
            }
        }
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldGoOnWhenAProcessIsKilledHoldingASegmentLock() throws Exception {
        Path store = dir.resolve("store");
        int holdKeys = 1_000;
        RunningChild holder = start(store, "hold", 1, 1, holdKeys, 1);
        RunningChild survivor = null;
        try {
            awaitLine(holder, HOLDING);
            survivor = start(store, "write", 0, 1, KEYS, OVERLAP);
            awaitLine(survivor, OPEN);
            // the survivor's writes to the held segment wait; SIGKILL the holder (RunningChild.close)
            holder.close();
            Matcher written = awaitLine(survivor, WRITTEN);
            assertTrue(Long.parseLong(written.group(2)) >= 1, "the survivor took the dead holder's lock over");
            assertEquals(0, survivor.stop(WAIT).exitCode(), survivor.stderrTail().toString());
            // a lock was taken over: the close records nothing, so the next open checks every entry
            assertFalse(Files.exists(store.resolve(CleanClose.FILE_NAME)));
        } finally {
            holder.close();
            if (survivor != null) {
                survivor.close();
            }
        }

        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        long expected = KEYS + OVERLAP + 1 + holdKeys;
        assertEquals(expected, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(expected, reopened.entriesCheckedAtOpen(), "every entry checked after a takeover");
            assertEquals(expected, reopened.size());
            assertEveryOwnKey(reopened, 1, KEYS);
            byte[] buffer = new byte[256];
            for (int i = 0; i < holdKeys; i++) {
                long key = SharedStoreChild.ownKey(1, i);
                int length = reopened.get(key, buffer);
                assertTrue(length >= 0 && CrashValues.versionOf(key, Arrays.copyOf(buffer, length)) == 0,
                        "the dead holder's acknowledged key " + key);
            }
        }
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldCountAnotherProcesssWritesThroughItsGrowthsWithoutTouchingTheStore() throws Exception {
        Path store = dir.resolve("store");
        try (MappedStore idle = MappedStore.open(store, SharedStoreChild.config())) {
            long fileBytes = idle.fileBytes();
            RunningChild writer = start(store, "write", 0, 1, KEYS, OVERLAP);
            try {
                Matcher written = awaitLine(writer, WRITTEN);
                assertTrue(Long.parseLong(written.group(1)) > 1, "the writer grew the store: " + written.group());
                // this process has taken no lock since: its mapping is the file the writer's first growth replaced
                assertEquals(KEYS + OVERLAP + 1, idle.size(), "entries, as the store's current file counts them");
                assertTrue(idle.fileBytes() > fileBytes, "the current file's length, not the first one's");
                assertEquals(0, writer.stop(WAIT).exitCode(), writer.stderrTail().toString());
            } finally {
                writer.close();
            }
            assertEquals(KEYS + OVERLAP + 1, idle.size());
        }
        assertTrue(Files.exists(store.resolve(CleanClose.FILE_NAME)), "the last to close records a clean close");
        assertTrue(StoreCheck.check(store).isHealthy());
    }

    @Test
    void shouldRefuseToShareAStoreOpenedAloneAndTheOtherWayRound() throws IOException {
        Path store = dir.resolve("store");
        try (MappedStore alone = MappedStore.open(store, SharedStoreChild.config().withShared(false))) {
            assertFalse(alone.isShared());
            StoreFileException e = assertThrows(StoreFileException.class,
                    () -> MappedStore.open(store, SharedStoreChild.config()));
            assertTrue(e.getMessage().contains("already open in this process"), e.getMessage());
        }
        try (MappedStore shared = MappedStore.open(store, SharedStoreChild.config())) {
            assertTrue(shared.isShared());
            assertThrows(StoreFileException.class,
                    () -> MappedStore.open(store, SharedStoreChild.config().withShared(false)));
        }
    }

    /** The round of the last write of overlapping key {@code key}, as {@link SharedStoreChild} counts rounds. */
    private static long lastRound(long key) {
        long round = 0;
        long last = -1;
        for (int i = 0; i < KEYS; i += 2) {
            long k = (i / 2) % OVERLAP;
            if (k == 0 && i > 0) {
                round++;
            }
            if (k == key) {
                last = round;
            }
        }
        return last;
    }

    private static void assertEveryOwnKey(MappedStore store, int peers, int keys) {
        byte[] buffer = new byte[256];
        for (int index = 0; index < peers; index++) {
            for (int i = 0; i < keys; i++) {
                long key = SharedStoreChild.ownKey(index, i);
                int length = store.get(key, buffer);
                assertTrue(length >= 0, "key " + key + " of writer " + index + " is missing");
                assertEquals(0, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)), "key " + key + " is not whole");
            }
        }
    }

    private RunningChild start(Path store, String mode, int index, int peers, int keys, int overlap) throws IOException {
        JvmCommand java = JvmCommand.onClassPath(JvmCommand.currentJava(), System.getProperty("java.class.path"),
                SharedStoreChild.class.getName());
        List<String> command = java.command(List.of(JvmCommand.DENY_UNSAFE, "-Xmx64m", "-XX:TieredStopAtLevel=1"),
                List.of(), List.of(store.toString(), mode, Integer.toString(index), Integer.toString(peers),
                        Integer.toString(keys), Integer.toString(overlap)));
        return Child.of(command).stderrTo(dir.resolve("child-" + mode + "-" + index + ".err")).start();
    }

    private static Matcher awaitLine(RunningChild child, Pattern line) {
        Matcher m = child.awaitLine(line, WAIT);
        assertNotNull(m, "child " + child.pid() + " did not print '" + line + "' (ended: " + child.hasEnded()
                + "): " + child.stderrTail());
        return m;
    }

    private void assertStderrEmpty(int peers) throws IOException {
        for (int index = 0; index < peers; index++) {
            // pure FFM: a restricted method or an Unsafe access would have printed a warning
            assertEquals("", Files.readString(dir.resolve("child-write-" + index + ".err")), "child " + index + "'s stderr");
        }
    }
}
