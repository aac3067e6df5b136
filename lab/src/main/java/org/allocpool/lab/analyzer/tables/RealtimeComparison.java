package org.allocpool.lab.analyzer.tables;

/**
 * Our smallest loss-free intervals beside the article's, for the collectors and strategies the
 * article measured in real time: each case as "ours" and "2019" columns, both in the article's
 * words ({@code 230}, {@code lost: 4.4%}); then the C++ rows beside the article's C++ and C++ flat
 * ones (the same under every collector). Thread-safe (stateless).
 */
final class RealtimeComparison {

    private RealtimeComparison() {
    }

    /**
     * The comparison for {@code gc} with the article's figures at {@code heap} ({@code null}: the article's
     * own heaps), or an empty string when the article has nothing to compare with.
     */
    static String render(AnalyzerResults results, String gc, String heap) {
        return BesideTheArticle.render(results, gc, RealtimeAnswer::text,
                (runtime, strategy, caseName) -> ArticleFigures.realtime(gc, strategy, caseName, heap),
                ArticleFigures::cppRealtime);
    }
}
