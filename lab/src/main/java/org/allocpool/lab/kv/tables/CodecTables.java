package org.allocpool.lab.kv.tables;

import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvMetricsView.Codec;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The codecs table (one per codecs cell) and the article's encoding speeds beside ours, both also
 * as multiples of JDK serialization, the one codec both measured. Every figure is over the cell's
 * forks. Thread-safe (stateless).
 */
final class CodecTables {

    /** The codec every multiple is of. */
    static final String JDK = "jdk";

    private CodecTables() {
    }

    static String render(List<KvCellResult> codecs) {
        StringBuilder out = new StringBuilder();
        TableNotes notes = new TableNotes();
        KvCellResult last = null;
        for (KvCellResult result : codecs) {
            Integer sample = result.cell().sample();
            out.append("## Codecs: users of ").append(KvText.count(result.cell().userCount())).append(", a sample of ")
                    .append(sample == null ? "?" : KvText.count(sample)).append(" drawn at random to encode and decode\n\n");
            if (!result.isOk()) {
                out.append(notes.failed(result.label(), result)).append("\n\n").append(notes.drain()).append('\n');
                continue;
            }
            last = result;
            String failedForks = notes.failedForks(result.label(), result);
            double jdkEncodes = median(encodes(result, JDK));
            double jdkDecodes = median(decodes(result, JDK));
            MarkdownTable table = KvText.table("codec", "encoded bytes", "encodes/s (M)", "decodes/s (M)",
                    "encodes x JDK", "decodes x JDK");
            for (String codec : result.codecNames()) {
                Figure encodes = encodes(result, codec);
                Figure decodes = decodes(result, codec);
                table.row(KvText.row(codec, KvText.median(result.codecReading(codec, Codec::encodedBytes)),
                        KvText.rate(encodes) + notes.unsteady(codec + " encodes", encodes == null || encodes.steady(), encodes == null ? "" : encodes.reason()),
                        KvText.rate(decodes) + notes.unsteady(codec + " decodes", decodes == null || decodes.steady(), decodes == null ? "" : decodes.reason()),
                        ratio(median(encodes), jdkEncodes), ratio(median(decodes), jdkDecodes)));
            }
            out.append(table.render()).append('\n')
                    .append("Medians over every fork; rates as in the stores table (the middle half of the rounds, ± half the"
                            + " range of the forks' medians). flyweight: allocpool's binary layout; fory: Apache Fory,"
                            + " schema-consistent mode; kryo: Kryo 5, registration required; jdk: java.io serialization."
                            + " Encodes make a fresh byte[], decodes a fresh User.\n")
                    .append(failedForks.isEmpty() ? "" : "Forks that failed: " + failedForks.strip() + "\n")
                    .append(notes.drain()).append('\n');
        }
        if (last != null) {
            out.append(besideTheArticle(last));
        }
        return out.toString();
    }

    /** The encodes' rate of {@code codec} in a codecs cell, or {@code null}. */
    static Figure encodes(KvCellResult result, String codec) {
        return result.codecRate(codec, Codec::encodes, Codec::encodesPerSecond);
    }

    /** The decodes' rate of {@code codec} in a codecs cell, or {@code null}. */
    static Figure decodes(KvCellResult result, String codec) {
        return result.codecRate(codec, Codec::decodes, Codec::decodesPerSecond);
    }

    private static String besideTheArticle(KvCellResult ours) {
        double jdk = median(encodes(ours, JDK));
        MarkdownTable table = KvText.table("article's encoding", "encodes/s (M)", "x JDK", "ours", "encodes/s (M)", "x JDK");
        for (KvArticleFigures.EncodingRow row : KvArticleFigures.ENCODINGS) {
            Figure encodes = row.ours() == null ? null : encodes(ours, row.ours());
            table.row(KvText.row(row.label(), KvText.millions(row.encodesPerS()),
                    ratio(row.encodesPerS(), KvArticleFigures.JDK_ENCODES_PER_S),
                    row.ours() == null ? "-" : row.ours(), encodes == null ? "" : KvText.millions(encodes.median()),
                    encodes == null ? "" : ratio(encodes.median(), jdk)));
        }
        Figure kryo = encodes(ours, "kryo");
        if (kryo != null) {
            table.row(KvText.row("-", "", "", "kryo", KvText.millions(kryo.median()), ratio(kryo.median(), jdk)));
        }
        return "## Beside the article: encoding\n\n" + table.render() + "\n"
                + "The article encoded a price update with an embedded instrument, we a user: compare the multiples of"
                + " JDK serialization, not the rates. Its structs are the forerunner of our flyweight, its fast"
                + " serialization (FST) of Fory.\n" + KvArticleFigures.CITATION + "\n\n";
    }

    private static double median(Figure figure) {
        return figure == null ? Double.NaN : figure.median();
    }

    private static String ratio(double value, double base) {
        return Double.isNaN(value) || Double.isNaN(base) || base == 0 ? "?" : Numbers.compact(value / base);
    }
}
