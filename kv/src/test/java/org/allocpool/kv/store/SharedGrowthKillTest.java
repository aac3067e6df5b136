package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.process.Child;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A process of a shared store killed with SIGKILL in the middle of a growth (made the blocking way,
 * holding every lock in the file), at each point where the files are in a different state: the new
 * file written but not renamed over the store's, renamed but the old file not yet marked moved,
 * marked moved but its locks not freed. The grower ({@link SharedGrowthChild}) stops at the point
 * through the test-only hook {@link TestOnlyGrowthPause}; another process that had the store open
 * before the growth then writes (after the rename: first reads one of the grower's keys), waits for
 * a lock the dead grower holds, takes it over (remapping when the file moved), and goes on growing
 * the store itself. Afterwards every key either of them had acknowledged reads back whole, the next
 * open checks every entry, and {@link StoreCheck} finds no problem. A last case kills a writer
 * wherever it happens to be. Every wait is bounded and waits for a line; nothing is timed.
 */
class SharedGrowthKillTest {

    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final Pattern OPEN = Pattern.compile("^open$");
    private static final Pattern WRITING = Pattern.compile("^writing$");
    private static final Pattern WRITTEN = Pattern.compile("^written generation=(\\d+) takeovers=(\\d+)$");
    private static final Pattern ACKED = Pattern.compile("^acked (\\d+)$");
    private static final int SURVIVOR_KEYS = 3_000;
    /** When the writer is killed anywhere: enough that the survivor still writes after the kill. */
    private static final int BUSY_SURVIVOR_KEYS = 20_000;
    private static final int WRITER_ACKS_BEFORE_KILL = 1_536;
    /** The grower's bound: its first growth comes after about a hundred keys. */
    private static final int GROWER_KEYS = 100_000;
    private static final int SURVIVOR = 0;
    private static final int GROWER = 1;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {TestOnlyGrowthPause.BEFORE_RENAME, TestOnlyGrowthPause.AFTER_RENAME,
            TestOnlyGrowthPause.AFTER_MOVED})
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldKeepEveryAcknowledgedWriteWhenAProcessIsKilledMidGrowth(String point) throws Exception {
        Path store = dir.resolve("store");
        Path go = dir.resolve("go");
        AtomicLong growerAcks = new AtomicLong();
        RunningChild survivor = null;
        RunningChild grower = null;
        try {
            survivor = start(store, "survive", SURVIVOR, SURVIVOR_KEYS, go, List.of(), line -> { },
                    point.equals(TestOnlyGrowthPause.AFTER_RENAME) ? "read-first" : "write-first");
            awaitLine(survivor, OPEN); // the survivor maps the store's first file before the growth
            grower = start(store, "grow", GROWER, GROWER_KEYS, go,
                    List.of("-D" + TestOnlyGrowthPause.PROPERTY + "=" + point), acks(growerAcks), "-");
            awaitLine(grower, Pattern.compile("^growth-paused " + Pattern.quote(point) + "$"));
            assertTrue(growerAcks.get() > 0, "the grower acknowledged puts before it grew");
            if (point.equals(TestOnlyGrowthPause.BEFORE_RENAME)) {
                assertGrowerHoldsTheLocksAsItself(store, grower.pid());
            }

            Files.createFile(go);
            awaitLine(survivor, WRITING); // its first get or put waits for a lock the grower holds
            grower.close(); // SIGKILL, holding every lock in the file
            assertTrue(grower.hasEndedWithin(WAIT), "the grower did not die");

            Matcher written = awaitLine(survivor, WRITTEN);
            assertTrue(Long.parseLong(written.group(2)) >= 1, "the survivor took the dead grower's locks over: "
                    + written.group());
            assertTrue(Long.parseLong(written.group(1)) >= 1, "the survivor mapped a new file: " + written.group());
            assertEquals(0, survivor.stop(WAIT).exitCode(), survivor.stderrTail().toString());
        } finally {
            if (grower != null) {
                grower.close();
            }
            if (survivor != null) {
                survivor.close();
            }
        }
        // pure FFM: a restricted method or an Unsafe access would have printed a warning
        assertEquals("", Files.readString(dir.resolve("child-survive.err")), "the survivor's stderr");
        // a lock was taken over: the last close records nothing, so the next open checks every entry
        assertFalse(Files.exists(store.resolve(CleanClose.FILE_NAME)), "a clean close recorded after a takeover");

        long acked = growerAcks.get();
        long expected = SURVIVOR_KEYS + acked + 1; // + the survivor's marker; the grower's put in flight wrote nothing
        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(expected, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(expected, reopened.entriesCheckedAtOpen(), "every entry checked after a takeover");
            assertEquals(expected, reopened.size());
            assertWhole(reopened, SURVIVOR, SURVIVOR_KEYS);
            assertWhole(reopened, GROWER, acked);
        }
    }

    /**
     * A writer killed with SIGKILL wherever it happens to be (writing an entry, publishing a slot,
     * counting, growing, or between two puts) while another process writes too: as above, whatever
     * the point. Whether the survivor had to take a lock over depends on where the kill landed, so
     * only the outcome is pinned: every acknowledged write of both, a healthy store, exact counts.
     */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldKeepEveryAcknowledgedWriteWhenAWriterIsKilledAnywhere() throws Exception {
        Path store = dir.resolve("store");
        Path go = dir.resolve("go");
        AtomicLong writerAcks = new AtomicLong();
        RunningChild survivor = null;
        RunningChild writer = null;
        try {
            survivor = start(store, "survive", SURVIVOR, BUSY_SURVIVOR_KEYS, go, List.of(), line -> { }, "write-first");
            awaitLine(survivor, OPEN);
            // no pause point: the "grower" just writes, growing the store now and then, until killed
            writer = start(store, "write", GROWER, GROWER_KEYS, go, List.of(), acks(writerAcks), "-");
            Files.createFile(go);
            awaitLine(survivor, WRITING);
            awaitLine(writer, Pattern.compile("^acked " + WRITER_ACKS_BEFORE_KILL + "$"));
            writer.close(); // SIGKILL in the middle of whatever it was doing
            assertTrue(writer.hasEndedWithin(WAIT), "the writer did not die");
            assertNull(writer.awaitLine(Pattern.compile("^(?!)$"), WAIT), "reads the acks it printed before it died");
            assertTrue(writer.hasClosedStdout(), "the writer's stdout did not end");

            awaitLine(survivor, WRITTEN);
            assertEquals(0, survivor.stop(WAIT).exitCode(), survivor.stderrTail().toString());
        } finally {
            if (writer != null) {
                writer.close();
            }
            if (survivor != null) {
                survivor.close();
            }
        }
        long acked = Math.max(writerAcks.get(), WRITER_ACKS_BEFORE_KILL); // the line awaited is not handed to the counter
        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        // the writer prints every 256th ack: it made up to 255 more puts, and one in flight may be published
        long atLeast = BUSY_SURVIVOR_KEYS + acked + 1;
        assertTrue(report.entries() >= atLeast && report.entries() <= atLeast + 256, report.render() + " acked " + acked);
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(report.entries(), reopened.size());
            assertWhole(reopened, SURVIVOR, BUSY_SURVIVOR_KEYS);
            assertWhole(reopened, GROWER, acked);
        }
    }

    private static Consumer<String> acks(AtomicLong count) {
        return line -> {
            Matcher acked = ACKED.matcher(line);
            if (acked.matches()) {
                count.set(Math.max(count.get(), Long.parseLong(acked.group(1))));
            }
        };
    }

    /** The lock words the paused grower wrote carry its pid and its start time's tag, as this process computes it. */
    private static void assertGrowerHoldsTheLocksAsItself(Path store, long growerPid) throws IOException {
        ProcessHandle grower = ProcessHandle.of(growerPid).orElseThrow();
        long expected = FileLocks.ownerWord(growerPid, FileLocks.startTag(grower));
        try (StoreMapping m = StoreMapping.open(store.resolve(MappedStore.FILE_NAME), false)) {
            for (int s = 0; s < m.header.segments(); s++) {
                assertEquals(Long.toHexString(expected), Long.toHexString(SharedLayout.lockAcquire(m.file, s)),
                        "segment " + s + "'s lock");
            }
            assertFalse(new FileLocks().isDead(SharedLayout.lockAcquire(m.file, 0)), "a live holder counts as dead");
        }
    }

    private static void assertWhole(MappedStore store, int index, long keys) {
        byte[] buffer = new byte[256];
        for (int i = 0; i < keys; i++) {
            long key = SharedStoreChild.ownKey(index, i);
            int length = store.get(key, buffer);
            assertTrue(length >= 0, "acknowledged key " + key + " of process " + index + " is missing");
            assertEquals(0, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)), "key " + key + " is not whole");
        }
    }

    private RunningChild start(Path store, String mode, int index, int keys, Path go, List<String> flags,
                               Consumer<String> lines, String first) throws IOException {
        JvmCommand java = JvmCommand.onClassPath(JvmCommand.currentJava(), System.getProperty("java.class.path"),
                SharedGrowthChild.class.getName());
        List<String> jvm = new ArrayList<>(List.of(JvmCommand.DENY_UNSAFE, "-Xmx64m", "-XX:TieredStopAtLevel=1"));
        jvm.addAll(flags);
        List<String> command = java.command(jvm, List.of(), List.of(store.toString(), mode, Integer.toString(index),
                Integer.toString(keys), go.toString(), first));
        return Child.of(command).stderrTo(dir.resolve("child-" + mode + ".err")).stdoutLines(lines).start();
    }

    private static Matcher awaitLine(RunningChild child, Pattern line) {
        Matcher m = child.awaitLine(line, WAIT);
        assertNotNull(m, "child " + child.pid() + " did not print '" + line + "' (ended: " + child.hasEnded()
                + "): " + child.stderrTail());
        return m;
    }
}
