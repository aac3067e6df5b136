package org.allocpool.lab.analyzer.tables;

import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.Numbers;

/**
 * Our medians beside the article's published ones, for the collectors and strategies the article
 * measured: each case as "ours" and "2019" columns ({@code ~} before ours when it was not steady);
 * then the C++ rows beside the article's C++ and C++ flat ones (the same under every collector).
 * Thread-safe (stateless).
 */
final class ArticleComparison {

    private ArticleComparison() {
    }

    /** The comparison for {@code gc}, or an empty string when the article has nothing to compare with. */
    static String render(AnalyzerResults results, String gc) {
        if (!ArticleFigures.covers(gc)) {
            return "";
        }
        return BesideTheArticle.render(results, gc, ArticleComparison::ours,
                (runtime, strategy, caseName) -> text(ArticleFigures.nsPerPacket(gc, strategy, caseName)),
                (runtime, strategy, caseName) -> text(ArticleFigures.cppNsPerPacket(runtime, strategy, caseName)));
    }

    private static String text(Integer published) {
        return published == null ? null : published.toString();
    }

    private static String ours(CellResult result) {
        Figure figure = result.nsPerPacket();
        if (figure == null) {
            return "?";
        }
        return (figure.steady() ? "" : "~") + Numbers.compact(figure.median());
    }
}
