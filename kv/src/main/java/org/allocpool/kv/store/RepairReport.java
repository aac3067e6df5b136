package org.allocpool.kv.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@link StoreRepair} found and did. Immutable.
 *
 * @param file                the store file
 * @param fileBytes           its length before the repair
 * @param missingBytes        bytes a truncated file lacks (the header's length minus the file's), 0 if none
 * @param rewritten           whether a repaired file replaced the original (false: nothing to repair)
 * @param backup              where the original file is kept after a rewrite, else null
 * @param fromTable           entries kept as the slot table had them
 * @param fromLog             entries kept from the value log, their slot having been damaged
 * @param droppedBadChecksum  keys dropped: their slot pointed at an entry whose checksum fails
 * @param droppedTorn         keys dropped: their entry was cut short by the end of the file
 * @param droppedBadKey       keys dropped: their slot pointed at an entry of another key, or with wrong key bytes
 * @param damagedSlots        slots holding bytes no store writes
 * @param damagedTablePages   4 KiB table pages missing or holding such slots
 * @param orphansNotRestored  keys with whole entries in the log but no slot, whose probe path is
 *                            intact: removed (a removed slot does not name its key) or never acknowledged; left out
 * @param logEntries          whole entries found in the log, superseded ones included
 * @param freedLogEntries     entries of the log the store had marked freed (replaced or removed values whose room it reuses)
 * @param damagedLogStretches stretches of the log holding non-zero bytes but no whole entry
 * @param damagedLogBytes     bytes in them
 * @param details             the first problems, one line each
 */
public record RepairReport(Path file, long fileBytes, long missingBytes, boolean rewritten, Path backup,
                           long fromTable, long fromLog, long droppedBadChecksum, long droppedTorn, long droppedBadKey,
                           long damagedSlots, long damagedTablePages, long orphansNotRestored,
                           long logEntries, long freedLogEntries, long damagedLogStretches, long damagedLogBytes, List<String> details) {

    public RepairReport {
        details = List.copyOf(details);
    }

    /** Entries in the store after the repair (or in the sound store left as it was). */
    public long kept() {
        return fromTable + fromLog;
    }

    /** Keys whose current value was lost. */
    public long dropped() {
        return droppedBadChecksum + droppedTorn + droppedBadKey;
    }

    /** The report for people, several lines, ending with a newline. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "store     %s (%,d bytes%s)%n", file, fileBytes,
                missingBytes > 0 ? String.format(Locale.ROOT, ", truncated: %,d bytes missing", missingBytes) : ""));
        out.append(String.format(Locale.ROOT, "table     %,d damaged slots in %,d damaged pages%n",
                damagedSlots, damagedTablePages));
        out.append(String.format(Locale.ROOT, "log       %,d whole entries found, %,d freed; %,d bytes in %,d stretches "
                + "hold no whole entry%n", logEntries, freedLogEntries, damagedLogBytes, damagedLogStretches));
        out.append(String.format(Locale.ROOT, "kept      %,d entries: %,d as the table had them, %,d rebuilt from the log%n",
                kept(), fromTable, fromLog));
        out.append(String.format(Locale.ROOT, "dropped   %,d entries: %,d bad checksum, %,d torn or truncated, %,d bad key%n",
                dropped(), droppedBadChecksum, droppedTorn, droppedBadKey));
        out.append(String.format(Locale.ROOT, "left out  %,d keys in the log in no slot "
                + "(removed, or never acknowledged)%n", orphansNotRestored));
        for (String detail : details) {
            out.append("  - ").append(detail).append('\n');
        }
        if (rewritten) {
            out.append(String.format(Locale.ROOT, "repaired  %s rewritten; the original is kept as %s (delete it once "
                    + "satisfied)%n", file, backup));
        } else {
            out.append("repaired  nothing to repair: every slot and entry is whole; the file is left as it is\n");
        }
        return out.toString();
    }
}
