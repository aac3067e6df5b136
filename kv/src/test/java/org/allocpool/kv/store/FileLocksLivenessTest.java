package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether the holder of a shared store's lock is alive, asked of a {@code /proc} the test lays out
 * ({@link ProcessTable}): a wall-clock step between the sharers' starts (a new {@code btime} in
 * {@code /proc/stat}) does not make a live holder look like another process, and a holder whose
 * {@code /proc} entry is invisible to the waiter ({@code hidepid=2}, another user) is alive while
 * {@code kill(pid, 0)} finds it. Before issue 34 the tag came from
 * {@link ProcessHandle.Info#startInstant()} (btime plus the start in ticks, read once per JVM), and
 * an invisible pid was dead: in both cases a waiter took a live holder's lock.
 */
class FileLocksLivenessTest {

    /** Pids no test machine gives this JVM: above Linux's pid_max limit of 2^22. */
    private static final long HOLDER = 5_000_001;
    private static final long OTHER = 5_000_002;

    @TempDir
    Path proc;

    private final Map<Long, ProcessTable.Presence> signals = new HashMap<>();

    private FileLocks locks() {
        return new FileLocks(new ProcessTable(proc, pid -> signals.getOrDefault(pid, ProcessTable.Presence.GONE)));
    }

    /** Writes {@code proc/PID/stat} as Linux lays it out: state in field 3, start in ticks in field 22. */
    private void process(long pid, char state, long startTicks) throws IOException {
        StringBuilder line = new StringBuilder().append(pid).append(" (kv (serve) x) ").append(state);
        for (int field = 4; field <= 52; field++) {
            line.append(' ').append(field == 22 ? startTicks : field);
        }
        Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(proc.resolve(Long.toString(pid)).resolve("stat"), line.append('\n'));
    }

    private void bootTime(long btime) throws IOException {
        Files.writeString(proc.resolve("stat"), "cpu  1 2 3 4\nbtime " + btime + "\nprocesses 9\n");
    }

    @Test
    void shouldKeepALiveHoldersLockAcrossAWallClockStepBetweenTheSharersStarts() throws IOException {
        bootTime(1_764_000_000L);
        process(HOLDER, 'S', 123_456);
        // the holder took its lock with the tag of its own start, as it read it then
        long word = FileLocks.ownerWord(HOLDER, FileLocks.tagOfTicks(123_456));
        bootTime(1_764_000_000L + 3_600); // the wall clock stepped an hour: a sharer started now reads another btime
        assertFalse(locks().isDead(word), "a live holder taken for dead after a clock step");
        // what the JDK's start instant (btime + ticks / HZ) made of it: another instant, so another tag, for one process
        assertNotEquals(instantNanos(1_764_000_000L, 123_456), instantNanos(1_764_000_000L + 3_600, 123_456));
    }

    private static long instantNanos(long btime, long ticks) {
        return TimeUnit.SECONDS.toNanos(btime) + ticks * 10_000_000L;
    }

    @Test
    void shouldKeepTheLockOfAHolderWhoseProcEntryIsInvisibleWhileItRuns() {
        // no proc/HOLDER: hidepid=2 or another user's process, as the waiter sees it
        signals.put(HOLDER, ProcessTable.Presence.RUNNING); // kill(pid, 0): EPERM or success
        long word = FileLocks.ownerWord(HOLDER, FileLocks.tagOfTicks(42));
        assertFalse(locks().isDead(word), "a live holder hidden from the waiter taken for dead");
        signals.put(HOLDER, ProcessTable.Presence.GONE); // kill(pid, 0): ESRCH
        assertTrue(locks().isDead(word), "a holder the kernel says is gone");
    }

    @Test
    void shouldTakeOverTheLockOfAReusedPidOrAZombie() throws IOException {
        process(HOLDER, 'S', 2_000);
        assertTrue(locks().isDead(FileLocks.ownerWord(HOLDER, FileLocks.tagOfTicks(1_000))),
                "a later process that reused the holder's pid");
        process(OTHER, 'Z', 3_000);
        assertTrue(locks().isDead(FileLocks.ownerWord(OTHER, FileLocks.tagOfTicks(3_000))), "a zombie holder");
        assertFalse(locks().isDead(FileLocks.ownerWord(HOLDER, FileLocks.tagOfTicks(2_000))), "the live holder");
    }

    @Test
    void shouldReadTheStartOfARealProcessAndProbeItsPid() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux's /proc");
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        ProcessTable.Stat stat = ProcessTable.SYSTEM.stat(parent.pid());
        assertTrue(stat != null && stat.startTicks() > 0 && !stat.isDead(), String.valueOf(stat));
        assertEquals(FileLocks.tagOfTicks(stat.startTicks()), FileLocks.startTag(parent));
        Assumptions.assumeTrue(Libc.KILL != null, "kill(pid, 0) needs native access");
        assertEquals(ProcessTable.Presence.RUNNING, ProcessTable.SYSTEM.presence(parent.pid()));
        Process child = new ProcessBuilder("true").start();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        assertEquals(ProcessTable.Presence.GONE, ProcessTable.SYSTEM.presence(child.pid()), "a reaped child");
    }
}
