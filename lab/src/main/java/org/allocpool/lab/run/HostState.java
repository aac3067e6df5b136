package org.allocpool.lab.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the host was like as a fork started, as far as it can move a cell as a block between runs
 * (issue: a cell moved 2.3x between two runs with both its forks agreeing inside each): transparent
 * huge pages, the memory free, available and cached, the huge pages anonymous memory holds, and the
 * load. Kept in every fork's record under {@code host}; {@code null} where the host does not say
 * (not Linux). Immutable; safe to share.
 *
 * @param thp             {@code /sys/kernel/mm/transparent_hugepage/enabled}'s choice ({@code madvise})
 * @param thpDefrag       the same for {@code defrag}
 * @param memFreeMb       MemFree
 * @param memAvailableMb  MemAvailable
 * @param cachedMb        Cached (the page cache, which the cells before may have filled)
 * @param anonHugePagesMb AnonHugePages
 * @param loadAverage     the one-minute load average
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostState(String thp, String thpDefrag, Long memFreeMb, Long memAvailableMb, Long cachedMb,
                        Long anonHugePagesMb, Double loadAverage) {

    private static final Path THP = Path.of("/sys/kernel/mm/transparent_hugepage");
    private static final Pattern CHOSEN = Pattern.compile("\\[([^]]+)]");

    /** The host now; fields it cannot read are {@code null}. */
    public static HostState read() {
        String meminfo = text(Path.of("/proc/meminfo"));
        String load = text(Path.of("/proc/loadavg"));
        Double loadAverage = null;
        if (load != null && !load.isBlank()) {
            try {
                loadAverage = Double.parseDouble(load.strip().split("\\s+")[0]);
            } catch (NumberFormatException notANumber) {
                loadAverage = null;
            }
        }
        return new HostState(chosen(text(THP.resolve("enabled"))), chosen(text(THP.resolve("defrag"))),
                mb(meminfo, "MemFree"), mb(meminfo, "MemAvailable"), mb(meminfo, "Cached"), mb(meminfo, "AnonHugePages"),
                loadAverage);
    }

    /** The bracketed choice of a sysfs setting ({@code always [madvise] never}), or {@code null}. */
    static String chosen(String setting) {
        if (setting == null) {
            return null;
        }
        Matcher m = CHOSEN.matcher(setting);
        return m.find() ? m.group(1) : null;
    }

    /** The {@code field} of a {@code /proc/meminfo} text in MB, or {@code null}. */
    static Long mb(String meminfo, String field) {
        if (meminfo == null) {
            return null;
        }
        Matcher m = Pattern.compile("(?m)^" + field + ":\\s+(\\d+) kB").matcher(meminfo);
        return m.find() ? Long.parseLong(m.group(1)) / 1024 : null;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | UnsupportedOperationException | SecurityException unreadable) {
            return null;
        }
    }
}
