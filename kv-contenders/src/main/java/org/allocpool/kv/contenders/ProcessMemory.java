package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident set as Linux counts it in {@code /proc/PID/status}: {@code VmRSS} now and
 * {@code VmHWM}, the most it ever held. Pages of mapped files in memory count, as do the heap's and
 * the allocator's. Immutable.
 *
 * @param residentKb resident kilobytes now ({@code VmRSS})
 * @param peakKb     the highest resident kilobytes so far ({@code VmHWM})
 */
record ProcessMemory(long residentKb, long peakKb) {

    /** Resident megabytes now. */
    double residentMb() {
        return residentKb / 1024.0;
    }

    /** Peak resident megabytes. */
    double peakMb() {
        return peakKb / 1024.0;
    }

    /**
     * Reads process {@code pid}'s status.
     *
     * @throws IOException when it cannot be read (no such process, not Linux)
     */
    static ProcessMemory of(long pid) throws IOException {
        return parse(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
    }

    /**
     * The figures of a {@code /proc/PID/status} text.
     *
     * @throws IOException when it lacks {@code VmRSS} or {@code VmHWM} (a kernel thread, a zombie)
     */
    static ProcessMemory parse(String status) throws IOException {
        long rss = -1;
        long hwm = -1;
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                rss = kilobytes(line, "VmRSS:");
            } else if (line.startsWith("VmHWM:")) {
                hwm = kilobytes(line, "VmHWM:");
            }
        }
        if (rss < 0 || hwm < 0) {
            throw new IOException("no VmRSS and VmHWM in the process's status");
        }
        return new ProcessMemory(rss, hwm);
    }

    private static long kilobytes(String line, String field) throws IOException {
        String value = line.substring(field.length()).strip();
        if (!value.endsWith("kB")) {
            throw new IOException("unexpected " + line.strip());
        }
        try {
            return Long.parseLong(value.substring(0, value.length() - 2).strip());
        } catch (NumberFormatException e) {
            throw new IOException("unexpected " + line.strip(), e);
        }
    }
}
