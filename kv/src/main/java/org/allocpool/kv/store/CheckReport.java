package org.allocpool.kv.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@link StoreCheck} found in a store file. Immutable.
 *
 * @param file         the file checked
 * @param fileBytes    its length
 * @param readable     whether the header was valid (when false, only {@code problems} says more)
 * @param segments     table segments
 * @param slots        table slots in all
 * @param entries      live entries whose checksum is right
 * @param removedSlots slots marked removed (they are reused or dropped by the next growth)
 * @param logBytes     bytes of the value log
 * @param liveBytes    log bytes held by live entries
 * @param deadBytes    log bytes before the end of the last live entry that no slot points at
 *                     (superseded or removed values, never-published writes): reclaimed by growth
 * @param freeBytes    log bytes after the last live entry
 * @param problemCount problems found in all
 * @param problems     the first problems found, one line each
 * @param repairable   whether the problems are damage that {@link StoreRepair} can mend (a truncated
 *                     file, entries or slots failing their checks), not a foreign file or header
 */
public record CheckReport(Path file, long fileBytes, boolean readable, int segments, long slots, long entries,
                          long removedSlots, long logBytes, long liveBytes, long deadBytes, long freeBytes,
                          long problemCount, List<String> problems, boolean repairable) {

    public CheckReport {
        problems = List.copyOf(problems);
    }

    /** A file whose header cannot be used: {@code problem} says why. */
    static CheckReport unreadable(Path file, long fileBytes, String problem, boolean repairable) {
        return new CheckReport(file, fileBytes, false, 0, 0, 0, 0, 0, 0, 0, 0, 1, List.of(problem), repairable);
    }

    /** True when the header is valid and every live entry is whole. */
    public boolean isHealthy() {
        return readable && problemCount == 0;
    }

    /** The report for people, several lines, ending with a newline. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "store     %s (%s)%n", file, bytes(fileBytes)));
        if (readable) {
            out.append(String.format(Locale.ROOT, "entries   %,d live in %,d slots (%d segments, %.1f%% full), %,d removed slots%n",
                    entries, slots, segments, slots == 0 ? 0.0 : 100.0 * (entries + removedSlots) / slots,
                    removedSlots));
            out.append(String.format(Locale.ROOT, "log       %s: %s live, %s dead (superseded or removed), %s free%n",
                    bytes(logBytes), bytes(liveBytes), bytes(deadBytes), bytes(freeBytes)));
        }
        if (problemCount == 0) {
            out.append("problems  none\n");
        } else {
            out.append(String.format(Locale.ROOT, "problems  %,d%n", problemCount));
            for (String problem : problems) {
                out.append("  - ").append(problem).append('\n');
            }
            if (problemCount > problems.size()) {
                out.append(String.format(Locale.ROOT, "  ... and %,d more%n", problemCount - problems.size()));
            }
        }
        return out.toString();
    }

    private static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GiB", n / (1024.0 * 1024 * 1024));
    }
}
