package org.allocpool.lab.kv.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * The stores table, one per number of users, and the article's map table beside ours.
 * Thread-safe (stateless).
 */
final class StoreTables {

    private StoreTables() {
    }

    static String render(List<JsonNode> stores) {
        StringBuilder out = new StringBuilder();
        Notes notes = new Notes();
        long users = -1;
        MarkdownTable table = null;
        for (JsonNode record : stores) {
            if (KvResults.users(record) != users) {
                if (table != null) {
                    out.append(table.render()).append('\n').append(legend()).append(notes.drain()).append('\n');
                }
                users = KvResults.users(record);
                out.append("## Stores: ").append(KvTables.count(users)).append(" users, each in its own JVM (G1)\n\n");
                table = KvTables.table("contender", "heap used MB", "full GC ms", "off-heap/file MB", "gets/s (M)",
                        "puts/s (M)", "misses/s (M)", "resident MB");
            }
            table.row(storeRow(record, notes));
        }
        out.append(table.render()).append('\n').append(legend()).append(notes.drain()).append('\n');
        out.append(besideTheArticle(stores));
        return out.toString();
    }

    private static List<String> storeRow(JsonNode record, Notes notes) {
        String contender = KvResults.contender(record);
        if (!KvResults.isOk(record)) {
            return KvTables.row(contender, "failed " + notes.mark(contender + ": "
                    + record.path("error").asText("no reason recorded")));
        }
        JsonNode m = record.path("metrics");
        return KvTables.row(contender, KvTables.number(m.path("heapUsedMb")), KvTables.number(m.path("fullGcPauseMs")),
                KvTables.number(m.path("offHeapMb")), KvTables.millions(m.path("getsPerSecond").asDouble()),
                KvTables.millions(m.path("putsPerSecond").asDouble()), KvTables.millions(m.path("missesPerSecond").asDouble()),
                m.hasNonNull("residentMb") ? KvTables.number(m.path("residentMb")) : "?");
    }

    private static String legend() {
        return "heap used: after System.gc() with every user loaded; full GC: the median pause of three System.gc() in a row, from JFR;"
                + " off-heap/file: the store's files (their length: sparse files may use less disk); gets hit loaded"
                + " keys, misses ask for keys never loaded, puts replace loaded keys; resident: VmRSS at the end"
                + " (mapped file pages included).\n";
    }

    /** The article's two maps, then ours beside them (at the users we ran). */
    private static String besideTheArticle(List<JsonNode> stores) {
        MarkdownTable table = KvTables.table("map", "users", "heap MB", "full GC ms", "off-heap MB", "get/put per s (M)",
                "process MB");
        for (KvArticleFigures.MapRow row : KvArticleFigures.MAPS) {
            table.row(KvTables.row("article: " + row.label(), KvTables.count(KvArticleFigures.USERS),
                    Numbers.compact(row.heapMb()), Numbers.compact(row.fullGcMs()), Numbers.compact(row.nativeHeapMb()),
                    KvTables.millions(row.getPutPerS()), Numbers.compact(row.vmSizeMb()) + " (VM size)"));
        }
        for (JsonNode record : stores) {
            if (!KvResults.isOk(record)) {
                continue;
            }
            JsonNode m = record.path("metrics");
            table.row(KvTables.row("ours: " + KvResults.contender(record), KvTables.count(KvResults.users(record)),
                    KvTables.number(m.path("heapUsedMb")), KvTables.number(m.path("fullGcPauseMs")),
                    KvTables.number(m.path("offHeapMb")),
                    KvTables.millions(m.path("getsPerSecond").asDouble()) + " / "
                            + KvTables.millions(m.path("putsPerSecond").asDouble()),
                    m.hasNonNull("residentMb") ? KvTables.number(m.path("residentMb")) + " (resident)" : "?"));
        }
        return "## Beside the article: maps\n\n" + table.render() + "\n"
                + "Ours give gets / puts per second where the article gave one figure; the article's process size is the"
                + " VM's virtual size, ours the resident size. Heap, GC pause and file size grow with the users: compare"
                + " at the article's 15,000,000 with --profile full.\n"
                + KvArticleFigures.CITATION + "\n\n";
    }
}
