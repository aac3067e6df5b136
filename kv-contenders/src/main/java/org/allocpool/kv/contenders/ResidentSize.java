package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's resident set size as Linux counts it ({@code VmRSS} in {@code /proc/self/status}):
 * heap pages touched, native memory, and the pages of mapped files in memory. Thread-safe (stateless).
 */
final class ResidentSize {

    private ResidentSize() {
    }

    /** Resident megabytes now, or {@code null} where {@code /proc/self/status} does not say (not Linux). */
    static Double megabytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String kilobytes = line.substring("VmRSS:".length()).replace("kB", "").strip();
                    return Long.parseLong(kilobytes) / 1024.0;
                }
            }
            return null;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
