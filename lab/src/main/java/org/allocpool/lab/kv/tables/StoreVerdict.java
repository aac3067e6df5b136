package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvContender;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.text.Numbers;

/**
 * The stores' verdict in words, for the stores run at one number of users: the fastest store for
 * gets, puts and misses and its margin over each other; whether the users read and write faster on
 * the heap or off it, here and in 2015; each store's files after loading and after the puts and its
 * resident size, with the smallest; and the article's "sad fact", the HashMap's full-GC pause
 * and heap against the off-heap stores', and whether this machine agrees. Thread-safe (stateless).
 */
final class StoreVerdict {

    private static final String HASHMAP = KvContender.HASHMAP.label();

    private StoreVerdict() {
    }

    /** The verdict's items for {@code stores} (one number of users), each a line starting {@code - }; empty when none ran. */
    static String render(List<KvCellResult> stores) {
        StringBuilder out = new StringBuilder();
        KvText.item(out, rates("Gets", stores, StoreTables::gets, true));
        KvText.item(out, rates("Puts", stores, StoreTables::puts, true));
        KvText.item(out, rates("Misses", stores, StoreTables::misses, false));
        KvText.item(out, sizes(stores));
        KvText.item(out, sadFact(stores));
        return out.toString();
    }

    /**
     * {@code Sizes: files after loading allocpool 99 MB, chronicle 103 MB (smallest: allocpool); after the
     * puts allocpool 125 MB, chronicle 205 MB (smallest: allocpool); resident at the end ...}: each size
     * of every store that ran, the HashMap left out of the files (it has none); {@code null} when no store
     * has any of them. Sizes are one reading per fork, with no rounds to spread: the medians are compared.
     */
    private static String sizes(List<KvCellResult> stores) {
        List<KvCellResult> ok = stores.stream().filter(KvCellResult::isOk).toList();
        List<KvCellResult> withFiles = ok.stream().filter(r -> !r.label().equals(HASHMAP)).toList();
        List<String> clauses = new ArrayList<>();
        addSizes(clauses, "files after loading", withFiles, r -> r.reading(KvMetricsView::offHeapMb));
        addSizes(clauses, "after the puts", withFiles, r -> r.reading(KvMetricsView::offHeapAfterPutsMb));
        addSizes(clauses, "resident at the end", ok, r -> r.reading(KvMetricsView::residentMb));
        return clauses.isEmpty() ? null : "Sizes: " + String.join("; ", clauses) + ".";
    }

    /** Appends {@code what allocpool 99 MB, chronicle 103 MB (smallest: allocpool)} when a store has the size. */
    private static void addSizes(List<String> clauses, String what, List<KvCellResult> stores,
                                 Function<KvCellResult, Figure> size) {
        Map<String, Double> medians = new LinkedHashMap<>();
        for (KvCellResult store : stores) {
            Figure figure = size.apply(store);
            if (figure != null) {
                medians.put(store.label(), figure.median());
            }
        }
        if (medians.isEmpty()) {
            return;
        }
        String each = String.join(", ", medians.entrySet().stream()
                .map(e -> e.getKey() + " " + Numbers.compact(e.getValue()) + " MB").toList());
        String smallest = medians.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey();
        clauses.add(what + " " + each + (medians.size() > 1 ? " (smallest: " + smallest + ")" : ""));
    }

    private static String rates(String what, List<KvCellResult> stores, Function<KvCellResult, Figure> figure,
                                boolean beside) {
        Ranking ranking = Ranking.of(stores.stream().map(KvCellResult::label).toList(),
                name -> figure.apply(store(stores, name)), name -> !store(stores, name).isOk());
        return ranking.line(what, beside ? onOrOff(ranking) : "");
    }

    /**
     * {@code On the heap or off it? Here on (hashmap), 2.40x; 2015: on, 5.07x: agrees.}: the HashMap
     * against the fastest store off the heap; empty when either has no steady figure.
     */
    private static String onOrOff(Ranking ranking) {
        Ranking.Named heap = ranking.named(HASHMAP);
        Ranking.Named off = ranking.fastestExcept(HASHMAP);
        if (heap == null || off == null) {
            return "";
        }
        Comparison here = Ranking.compare(heap, off);
        boolean onHeap = here.betterName().equals(HASHMAP);
        double article = KvArticleFigures.HASHMAP.getPutPerS() / KvArticleFigures.OFF_HEAP.getPutPerS();
        return " On the heap or off it? Here " + (here.isClear()
                ? (onHeap ? "on (" + HASHMAP + ")" : "off (" + off.name() + ")") + ", " + KvText.factor(here.factor())
                : "too close to call (" + HASHMAP + " " + KvText.perSecond(heap.figure()) + " against " + off.name() + " "
                        + KvText.perSecond(off.figure()) + ")")
                + "; 2015: on (its HashMap " + KvText.millions(KvArticleFigures.HASHMAP.getPutPerS())
                + " M/s against its off-heap map's " + KvText.millions(KvArticleFigures.OFF_HEAP.getPutPerS()) + " M/s), "
                + KvText.factor(article) + (here.isClear() ? onHeap ? ": agrees" : ": **differs**" : ": this machine cannot tell")
                + ".";
    }

    /**
     * {@code The sad fact: hashmap holds 198 MB of heap and a full GC pauses it 149 ms; off the heap the
     * stores hold 9.9-19 MB and pause 14-33 ms: the HashMap's pause is 4.50x the longest of theirs
     * (chronicle 33 ms, spreads apart); 2015: ... : agrees.}; {@code null} when the HashMap was not run.
     */
    private static String sadFact(List<KvCellResult> stores) {
        KvCellResult hashmap = stores.stream().filter(r -> r.label().equals(HASHMAP)).findFirst().orElse(null);
        if (hashmap == null) {
            return null;
        }
        Figure pause = hashmap.fullGcPause();
        Figure heap = hashmap.reading(KvMetricsView::heapUsedMb);
        if (!hashmap.isOk() || pause == null || heap == null) {
            return "The sad fact: not judged: " + HASHMAP + (hashmap.isOk() ? " has no full-GC figure." : " failed.");
        }
        List<KvCellResult> off = stores.stream().filter(r -> r != hashmap && r.isOk() && r.fullGcPause() != null).toList();
        if (off.isEmpty()) {
            return "The sad fact: not judged: no store off the heap measured.";
        }
        KvCellResult longest = off.stream().max(Comparator.comparingDouble(r -> r.fullGcPause().median())).orElseThrow();
        Comparison c = Comparison.of(HASHMAP, pause, longest.label(), longest.fullGcPause(), true);
        boolean heapPausesLonger = !c.betterName().equals(HASHMAP);
        String here = !c.isClear()
                ? "too close to call against " + longest.label() + "'s " + ms(longest.fullGcPause()) + " (" + c.judgement() + ")"
                : heapPausesLonger
                        ? "the HashMap's pause is " + KvText.factor(c.factor()) + " the longest of theirs (" + longest.label()
                                + " " + ms(longest.fullGcPause()) + ", " + c.judgement() + ")"
                        : "the HashMap's pause is shorter than " + longest.label() + "'s " + ms(longest.fullGcPause()) + ", by "
                                + KvText.factor(c.factor()) + " (" + c.judgement() + ")";
        KvArticleFigures.MapRow article = KvArticleFigures.HASHMAP;
        KvArticleFigures.MapRow articleOff = KvArticleFigures.OFF_HEAP;
        return "The sad fact: " + HASHMAP + " holds " + Numbers.compact(heap.median()) + " MB of heap and a full GC pauses it "
                + ms(pause) + "; off the heap the stores hold " + range(off, r -> r.reading(KvMetricsView::heapUsedMb))
                + " MB and pause " + range(off, KvCellResult::fullGcPause) + " ms: " + here + ". 2015: "
                + Numbers.compact(article.heapMb()) + " MB and " + Numbers.compact(article.fullGcMs()) + " ms against "
                + Numbers.compact(articleOff.heapMb()) + " MB and " + Numbers.compact(articleOff.fullGcMs()) + " ms, "
                + KvText.factor(article.fullGcMs() / articleOff.fullGcMs())
                + (c.isClear() ? heapPausesLonger ? ": agrees" : ": **differs**" : ": this machine cannot tell")
                + " (the pause grows with the objects on the heap, so with the users: compare factors at the article's "
                + KvText.count(KvArticleFigures.USERS) + ").";
    }

    private static String ms(Figure figure) {
        return Numbers.compact(figure.median()) + " ms";
    }

    /** {@code 9.9-19}: the lowest and highest median among {@code results}, or one figure when they are equal. */
    private static String range(List<KvCellResult> results, Function<KvCellResult, Figure> figure) {
        double[] medians = results.stream().map(figure).filter(f -> f != null).mapToDouble(Figure::median).sorted().toArray();
        if (medians.length == 0) {
            return "?";
        }
        String low = Numbers.compact(medians[0]);
        String high = Numbers.compact(medians[medians.length - 1]);
        return low.equals(high) ? low : low + "-" + high;
    }

    private static KvCellResult store(List<KvCellResult> stores, String name) {
        return stores.stream().filter(r -> r.label().equals(name)).findFirst().orElseThrow();
    }
}
