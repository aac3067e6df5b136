package org.allocpool.lab.kv.tables;

import java.util.function.BiFunction;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;

/**
 * The codecs' verdict in words, for one codecs cell: the fastest codec to encode and to decode and
 * its margin over each other (JDK serialization among them), first fresh (every codec to a new array
 * and back to a whole User), then each at its best; the flyweight against Fory both ways; then the
 * article's order of its structs and its fast serialization beside ours of their heirs, and whether
 * this machine agrees. Thread-safe (stateless).
 */
final class CodecVerdict {

    private static final String FLYWEIGHT = KvArticleFigures.STRUCTS.ours();
    private static final String FORY = KvArticleFigures.FAST_SERIALIZATION.ours();

    private CodecVerdict() {
    }

    /** The verdict's items for {@code codecs}, each a line starting {@code - }. */
    static String render(KvCellResult codecs) {
        StringBuilder out = new StringBuilder();
        if (!codecs.isOk()) {
            KvText.item(out, "Not judged: the codecs cell failed.");
            return out.toString();
        }
        Ranking encodes = ranking(codecs, CodecTables::encodes, false);
        Ranking decodes = ranking(codecs, CodecTables::decodes, false);
        // records from before the best way have none: those codecs are left out, not "not judged"
        Ranking bestEncodes = ranking(codecs, CodecTables::bestEncodes, true);
        Ranking bestDecodes = ranking(codecs, CodecTables::bestDecodes, true);
        boolean hasBest = !bestEncodes.steady().isEmpty() || !bestEncodes.notJudged().isEmpty();
        String fresh = hasBest ? ", fresh (to a new array)" : "";
        KvText.item(out, encodes.line("Encodes" + fresh, ""));
        KvText.item(out, decodes.line("Decodes" + (hasBest ? ", fresh (to a whole User)" : ""), ""));
        if (hasBest) {
            KvText.item(out, bestEncodes.line("Encodes at their best (into a reused buffer)", ""));
            KvText.item(out, bestDecodes.line("Decodes at their best (the flyweight reads fields in place, the others"
                    + " build a User)", ""));
            KvText.item(out, flyweightAgainstFory(encodes, decodes, bestEncodes, bestDecodes));
        }
        KvText.item(out, structsOrSerialization(hasBest ? bestEncodes : encodes, hasBest ? " at their best" : ""));
        return out.toString();
    }

    private static Ranking ranking(KvCellResult codecs, BiFunction<KvCellResult, String, Figure> figure,
                                   boolean onlyMeasured) {
        return Ranking.of(codecs.codecNames().stream()
                        .filter(name -> !onlyMeasured || figure.apply(codecs, name) != null).toList(),
                name -> figure.apply(codecs, name), name -> false);
    }

    /**
     * {@code Flyweight against Fory: fresh, encodes 0.88x (...), decodes ...; at their best, ...}, each
     * the flyweight's rate over Fory's; {@code null} when neither way has both.
     */
    private static String flyweightAgainstFory(Ranking encodes, Ranking decodes, Ranking bestEncodes,
                                               Ranking bestDecodes) {
        String fresh = againstFory("encodes", encodes) + ", " + againstFory("decodes", decodes);
        String best = againstFory("encodes", bestEncodes) + ", " + againstFory("decodes", bestDecodes);
        return "Flyweight against Fory (the flyweight's rate over Fory's): fresh, " + fresh + "; at their best, " + best
                + ".";
    }

    private static String againstFory(String what, Ranking ranking) {
        Ranking.Named flyweight = ranking.named(FLYWEIGHT);
        Ranking.Named fory = ranking.named(FORY);
        if (flyweight == null || fory == null) {
            return what + " not judged";
        }
        Comparison c = Ranking.compare(flyweight, fory);
        return what + " " + KvText.factor(flyweight.figure().median() / fory.figure().median()) + " ("
                + c.judgementOf(FLYWEIGHT) + ")";
    }

    /**
     * The article's structs against its fast serialization, beside our flyweight against Fory in
     * {@code encodes}, measured the {@code way} said (" at their best", or "" for records with one way
     * only); {@code null} when either of ours is not judged.
     */
    private static String structsOrSerialization(Ranking encodes, String way) {
        Ranking.Named flyweight = encodes.named(FLYWEIGHT);
        Ranking.Named fory = encodes.named(FORY);
        if (flyweight == null || fory == null) {
            return null;
        }
        Comparison here = Ranking.compare(flyweight, fory);
        double article = KvArticleFigures.STRUCTS.encodesPerS() / KvArticleFigures.FAST_SERIALIZATION.encodesPerS();
        return "Beside 2015: its structs encoded " + KvText.factor(article) + " faster than its fast serialization"
                + " (FST); here their heirs, " + FLYWEIGHT + " against " + FORY + way + ": "
                + (here.isClear() ? here.betterName() + ", " + KvText.factor(here.factor())
                        + (here.betterName().equals(FLYWEIGHT) ? ": agrees" : ": **differs**")
                        : "too close to call: this machine cannot tell")
                + ".";
    }
}
