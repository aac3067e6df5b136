package org.allocpool.lab.kv.tables;

import java.util.function.BiFunction;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;

/**
 * The codecs' verdict in words, for one codecs cell: the fastest codec to encode and to decode and
 * its margin over each other (JDK serialization among them); then the article's order of its structs and its
 * fast serialization beside ours of their heirs, the flyweight and Fory, and whether this machine
 * agrees. Thread-safe (stateless).
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
        Ranking encodes = ranking(codecs, CodecTables::encodes);
        KvText.item(out, encodes.line("Encodes", ""));
        Ranking decodes = ranking(codecs, CodecTables::decodes);
        KvText.item(out, decodes.line("Decodes", ""));
        KvText.item(out, structsOrSerialization(encodes));
        return out.toString();
    }

    private static Ranking ranking(KvCellResult codecs, BiFunction<KvCellResult, String, Figure> figure) {
        return Ranking.of(codecs.codecNames(), name -> figure.apply(codecs, name), name -> false);
    }

    /**
     * The article's structs against its fast serialization, beside our flyweight against Fory;
     * {@code null} when either of ours is not judged.
     */
    private static String structsOrSerialization(Ranking encodes) {
        Ranking.Named flyweight = encodes.named(FLYWEIGHT);
        Ranking.Named fory = encodes.named(FORY);
        if (flyweight == null || fory == null) {
            return null;
        }
        Comparison here = Ranking.compare(flyweight, fory);
        double article = KvArticleFigures.STRUCTS.encodesPerS() / KvArticleFigures.FAST_SERIALIZATION.encodesPerS();
        return "Beside 2015: its structs encoded " + KvText.factor(article) + " faster than its fast serialization"
                + " (FST); here their heirs, " + FLYWEIGHT + " against " + FORY + ": "
                + (here.isClear() ? here.betterName() + ", " + KvText.factor(here.factor())
                        + (here.betterName().equals(FLYWEIGHT) ? ": agrees" : ": **differs**")
                        : "too close to call: this machine cannot tell")
                + ".";
    }
}
