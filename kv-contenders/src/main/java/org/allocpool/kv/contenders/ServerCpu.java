package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time one server process spends on the requests of a benchmark: user and system time from
 * {@code /proc/PID/stat} (fields 14 and 15, in clock ticks of 10 ms: Linux reports them in USER_HZ,
 * 100 per second on x86 and arm64) read around each {@code redis-benchmark} round, summed over the
 * rounds and divided by their requests. A round of 0.4 s at 100,000 requests per second reads some 30
 * ticks, so a figure is good to a few percent. Where {@code /proc} cannot be read (not Linux), nothing
 * is counted and the figure is {@code null}. Not thread-safe.
 */
final class ServerCpu {

    private static final double MICROS_PER_TICK = 10_000;

    private final long pid;
    private long ticks;
    private long requests;
    private boolean unreadable;

    ServerCpu(long pid) {
        this.pid = pid;
    }

    /** The process's user + system ticks so far, or -1 when they cannot be read. */
    long ticksNow() {
        try {
            return parseTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Counts a round of {@code roundRequests} that began when the process had {@code ticksBefore} ticks. */
    void count(long ticksBefore, long roundRequests) {
        long after = ticksNow();
        if (ticksBefore < 0 || after < 0) {
            unreadable = true;
            return;
        }
        ticks += after - ticksBefore;
        requests += roundRequests;
    }

    /** CPU microseconds per request over the rounds counted, or {@code null} (none counted, or unreadable). */
    Double microsPerRequest() {
        return unreadable || requests == 0 ? null : ticks * MICROS_PER_TICK / requests;
    }

    /** User + system ticks of a {@code /proc/PID/stat} line; the command name, in brackets, may hold spaces. */
    static long parseTicks(String stat) throws IOException {
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            throw new IOException("no command name in " + stat.strip());
        }
        String[] fields = stat.substring(end + 1).strip().split("\\s+");
        // after the name: state (field 3) first, so utime (field 14) is at index 11 and stime at 12
        if (fields.length < 13) {
            throw new IOException("too few fields in " + stat.strip());
        }
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
