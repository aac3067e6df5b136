package org.allocpool.lab.kv.tables;

import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The stores table, one per number of users, and the article's map table beside ours. Every figure
 * is over the cell's forks. Thread-safe (stateless).
 */
final class StoreTables {

    private static final String LEGEND = "Medians over every fork. Rates: in brackets the middle half of the timed"
            + " rounds (25th-75th percentile), then ± half the range of the forks' medians; higher is better."
            + " Full GC: the pause of a full collection (GC.run, timed by JFR), in brackets the middle half of every"
            + " fork's three pauses. Heap used: after those collections with every user loaded; off-heap/file: the"
            + " store's files then (their length: sparse files may use less disk); after puts: the files again after"
            + " the timed puts, whose values differ in size from the loaded ones (a store that cannot rewrite a value"
            + " in place grows); gets hit loaded keys, misses ask for"
            + " keys never loaded, puts replace loaded keys; resident: VmRSS at the end (mapped file pages included);"
            + " [n] marks a note below the table. Keys are the users' ids, 0 to twice the users: allocpool holds a long"
            + " key below 16,777,216 whole in its slot, so its puts of these keys read no entry before they write;"
            + " other keys' puts read the entry they replace first (docs/reference/kv-store-format.md).\n";

    private StoreTables() {
    }

    static String render(KvCellResults results) {
        StringBuilder out = new StringBuilder();
        TableNotes notes = new TableNotes();
        for (long users : results.storeUsers()) {
            out.append("## Stores: ").append(KvText.count(users)).append(" users, each in its own JVM (G1)\n\n");
            MarkdownTable table = KvText.table("contender", "heap used MB", "full GC ms", "off-heap/file MB",
                    "after puts MB", "gets/s (M)", "puts/s (M)", "misses/s (M)", "resident MB");
            for (KvCellResult result : results.stores(users)) {
                table.row(row(result, notes));
            }
            out.append(table.render()).append('\n').append(LEGEND).append(notes.drain()).append('\n');
        }
        out.append(besideTheArticle(results.stores()));
        return out.toString();
    }

    /** The gets' rate of a store. */
    static Figure gets(KvCellResult result) {
        return result.rate(KvMetricsView::gets, KvMetricsView::getsPerSecond);
    }

    /** The puts' rate of a store. */
    static Figure puts(KvCellResult result) {
        return result.rate(KvMetricsView::puts, KvMetricsView::putsPerSecond);
    }

    /** The misses' rate of a store. */
    static Figure misses(KvCellResult result) {
        return result.rate(KvMetricsView::misses, KvMetricsView::missesPerSecond);
    }

    private static List<String> row(KvCellResult result, TableNotes notes) {
        String contender = result.label();
        if (!result.isOk()) {
            return KvText.row(contender, notes.failed(result.label(), result));
        }
        Figure gets = gets(result);
        Figure puts = puts(result);
        Figure misses = misses(result);
        return KvText.row(contender + notes.failedForks(result.label(), result), KvText.median(result.reading(KvMetricsView::heapUsedMb)),
                KvText.figure(result.fullGcPause()), KvText.median(result.reading(KvMetricsView::offHeapMb)),
                KvText.median(result.reading(KvMetricsView::offHeapAfterPutsMb)),
                KvText.rate(gets) + notes.unsteady(contender + " gets", gets == null || gets.steady(), gets == null ? "" : gets.reason()),
                KvText.rate(puts) + notes.unsteady(contender + " puts", puts == null || puts.steady(), puts == null ? "" : puts.reason()),
                KvText.rate(misses) + notes.unsteady(contender + " misses", misses == null || misses.steady(), misses == null ? "" : misses.reason()),
                KvText.median(result.reading(KvMetricsView::residentMb)));
    }

    /** The article's two maps, then ours beside them (at the users we ran). */
    private static String besideTheArticle(List<KvCellResult> stores) {
        MarkdownTable table = KvText.table("map", "users", "heap MB", "full GC ms", "off-heap MB", "get/put per s (M)",
                "process MB");
        for (KvArticleFigures.MapRow row : KvArticleFigures.MAPS) {
            table.row(KvText.row("article: " + row.label(), KvText.count(KvArticleFigures.USERS),
                    Numbers.compact(row.heapMb()), Numbers.compact(row.fullGcMs()), Numbers.compact(row.nativeHeapMb()),
                    KvText.millions(row.getPutPerS()), Numbers.compact(row.vmSizeMb()) + " (VM size)"));
        }
        for (KvCellResult result : stores) {
            if (!result.isOk()) {
                continue;
            }
            Figure resident = result.reading(KvMetricsView::residentMb);
            table.row(KvText.row("ours: " + result.label(), KvText.count(result.cell().userCount()),
                    KvText.median(result.reading(KvMetricsView::heapUsedMb)), KvText.median(result.fullGcPause()),
                    KvText.median(result.reading(KvMetricsView::offHeapMb)),
                    medianMillions(gets(result)) + " / " + medianMillions(puts(result)),
                    resident == null ? "?" : KvText.median(resident) + " (resident)"));
        }
        return "## Beside the article: maps\n\n" + table.render() + "\n"
                + "Ours give gets / puts per second where the article gave one figure (medians over the forks); the"
                + " article's process size is the VM's virtual size, ours the resident size. Heap, GC pause and file size"
                + " grow with the users: compare at the article's 15,000,000 with --profile full.\n"
                + KvArticleFigures.CITATION + "\n\n";
    }

    private static String medianMillions(Figure figure) {
        return figure == null ? "?" : KvText.millions(figure.median());
    }
}
