package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongFunction;

/**
 * What Linux tells of a process by its pid, for the owner words of a shared store's locks
 * ({@link FileLocks}). Its start time as the kernel counts it, in clock ticks since boot
 * ({@code /proc/PID/stat}, field 22), and its state (a zombie is dead): a count no clock step
 * moves, unlike {@link ProcessHandle.Info#startInstant()}, which the JDK computes from
 * {@code /proc/stat}'s {@code btime}, read once per JVM, and which moves with the wall clock
 * (NTP, a resume, a VM pause): two sharers started on either side of a step computed different
 * tags for one live process, and one took the other's lock (issue 34). And, where the pid's
 * {@code /proc} entry cannot be read ({@code hidepid=2}, systemd's {@code ProtectProc=invisible},
 * another user's process), whether the pid runs, by {@code kill(pid, 0)} (FFM): {@code ESRCH} is
 * gone, success or {@code EPERM} is there ({@code ProcessHandle.of} is empty for a process hidden
 * so, and a live holder counted as dead).
 *
 * <p>Stateless past its constructor; thread-safe. Allocates (reads a file): called by a lock's
 * waiter every few milliseconds, never on a lock's fast path.
 */
final class ProcessTable {

    /** Whether a process with a given pid runs, as a signal probe tells. */
    enum Presence { RUNNING, GONE, UNKNOWN }

    /** The system's: {@code /proc}, and {@code kill(pid, 0)} where native access allows (else {@link Presence#UNKNOWN}). */
    static final ProcessTable SYSTEM = new ProcessTable(Path.of("/proc"), ProcessTable::signalZero);

    /** A process's state and start time from {@code /proc/PID/stat}. */
    record Stat(char state, long startTicks) {
        /** Dead but not yet reaped by its parent ({@code Z}), or dying ({@code X}). */
        boolean isDead() {
            return state == 'Z' || state == 'X';
        }
    }

    private final Path proc;
    private final LongFunction<Presence> signal;

    /**
     * @param proc   where the {@code /proc} file system is (tests: a directory laid out alike)
     * @param signal whether a pid runs, as {@code kill(pid, 0)} says
     */
    ProcessTable(Path proc, LongFunction<Presence> signal) {
        this.proc = proc;
        this.signal = signal;
    }

    /** The state and start time of process {@code pid}, or null when its entry cannot be read (gone, or hidden). */
    Stat stat(long pid) {
        String line;
        try {
            line = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        // "pid (comm) state ppid ...": the command may hold spaces and parentheses, so count from the last ')'
        int close = line.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        String[] fields = line.substring(close + 1).trim().split(" ");
        if (fields.length < 20 || fields[0].length() != 1) {
            return null;
        }
        try {
            return new Stat(fields[0].charAt(0), Long.parseLong(fields[19])); // fields 3 and 22 of the line
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether process {@code pid} runs, as a signal probe tells (for a pid whose entry cannot be read). */
    Presence presence(long pid) {
        return signal.apply(pid);
    }

    /** {@code kill(pid, 0)}: no signal is sent, the kernel only checks that the pid exists. */
    private static Presence signalZero(long pid) {
        if (Libc.KILL == null || pid <= 0 || pid > Integer.MAX_VALUE) {
            return Presence.UNKNOWN;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Libc.CALL_STATE);
            int result = (int) Libc.KILL.invokeExact(state, (int) pid, 0);
            if (result == 0) {
                return Presence.RUNNING;
            }
            int errno = Libc.errno(state);
            return errno == Libc.EPERM ? Presence.RUNNING : errno == Libc.ESRCH ? Presence.GONE : Presence.UNKNOWN;
        } catch (Throwable t) {
            return Presence.UNKNOWN;
        }
    }
}
