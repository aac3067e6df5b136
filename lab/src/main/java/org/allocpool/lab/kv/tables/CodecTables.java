package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvMetricsView.Codec;
import org.allocpool.lab.kv.KvMetricsView.Rounds;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The codecs tables (two per codecs cell: every codec the fresh way, then each at its best, with the
 * bytes each way allocates) and the article's encoding speeds beside ours, both also as multiples of
 * JDK serialization, the one codec both measured. Every figure is over the cell's forks.
 * Thread-safe (stateless).
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
            out.append(fresh(result, notes)).append('\n')
                    .append("**Fresh**: every codec the same way, encoding to a new byte[] per user and decoding to a"
                            + " whole new User. Medians over every fork; rates as in the stores table (the middle half"
                            + " of the rounds, ± half the range of the forks' medians); B/op: bytes the measuring thread"
                            + " allocated per operation. flyweight: allocpool's binary layout; fory: Apache Fory,"
                            + " schema-consistent mode; kryo: Kryo 5, registration required; jdk: java.io serialization.\n\n");
            String best = best(result, notes);
            if (!best.isEmpty()) {
                out.append(best);
            }
            out.append(failedForks.isEmpty() ? "" : "Forks that failed: " + failedForks.strip() + "\n")
                    .append(notes.drain()).append('\n');
        }
        if (last != null) {
            out.append(besideTheArticle(last));
        }
        return out.toString();
    }

    private static String fresh(KvCellResult result, TableNotes notes) {
        double jdkEncodes = median(encodes(result, JDK));
        double jdkDecodes = median(decodes(result, JDK));
        MarkdownTable table = KvText.table("codec", "encoded bytes", "encodes/s (M)", "decodes/s (M)",
                "encodes x JDK", "decodes x JDK", "B/encode", "B/decode");
        for (String codec : result.codecNames()) {
            Figure encodes = encodes(result, codec);
            Figure decodes = decodes(result, codec);
            table.row(KvText.row(codec, KvText.median(result.codecReading(codec, Codec::encodedBytes)),
                    rate(notes, codec + " encodes", encodes), rate(notes, codec + " decodes", decodes),
                    ratio(median(encodes), jdkEncodes), ratio(median(decodes), jdkDecodes),
                    allocated(result, codec, Codec::encodes), allocated(result, codec, Codec::decodes)));
        }
        return table.render();
    }

    /** The best-way table and a list of each codec's ways, or "" for records from before the best way. */
    private static String best(KvCellResult result, TableNotes notes) {
        MarkdownTable table = KvText.table("codec", "encodes/s (M)", "decodes/s (M)", "encodes x fresh",
                "decodes x fresh", "B/encode", "B/decode");
        StringBuilder ways = new StringBuilder();
        for (String codec : result.codecNames()) {
            Figure encodes = bestEncodes(result, codec);
            Figure decodes = bestDecodes(result, codec);
            KvMetricsView.Best way = result.codecBest(codec);
            if (encodes == null && decodes == null || way == null) {
                continue;
            }
            table.row(KvText.row(codec, rate(notes, codec + " encodes at its best", encodes),
                    rate(notes, codec + " decodes at its best", decodes),
                    ratio(median(encodes), median(encodes(result, codec))),
                    ratio(median(decodes), median(decodes(result, codec))),
                    allocated(result, codec, c -> c.best() == null ? null : c.best().encodes()),
                    allocated(result, codec, c -> c.best() == null ? null : c.best().decodes())));
            ways.append("- ").append(codec).append(": encodes ").append(way.encodeWay()).append("; decodes: ")
                    .append(way.decodeWay()).append('\n');
        }
        if (ways.isEmpty()) {
            return "";
        }
        return table.render() + "\n"
                + "**At its best**: each codec as it is used at its best. Encodes go into one buffer the codec reuses"
                + " where its API allows it (no new array); decodes read what a reader needs, the user's id, friend"
                + " count and whether it has an e-mail and a city, from the sample's encodings lying back to back:"
                + " the flyweight reads those fields in place off the heap, building nothing; the others must"
                + " deserialise a whole User to read them (from an array, what their readers take). x fresh: this"
                + " way's rate over the same codec's fresh one.\n\n" + ways + "\n";
    }

    private static String rate(TableNotes notes, String what, Figure figure) {
        return KvText.rate(figure) + notes.unsteady(what, figure == null || figure.steady(),
                figure == null ? "" : figure.reason());
    }

    /** Bytes allocated per operation of one phase of {@code codec}, the median over the forks; "?" when not recorded. */
    private static String allocated(KvCellResult result, String codec, Function<Codec, Rounds> phase) {
        Figure bytes = result.codecReading(codec, c -> {
            Rounds rounds = phase.apply(c);
            return rounds == null ? null : rounds.allocBytesPerOperation();
        });
        return bytes == null ? "?" : Numbers.compact(bytes.median());
    }

    /** The encodes' rate of {@code codec} in a codecs cell, fresh (to a new array), or {@code null}. */
    static Figure encodes(KvCellResult result, String codec) {
        return result.codecRate(codec, Codec::encodes, Codec::encodesPerSecond);
    }

    /** The decodes' rate of {@code codec} in a codecs cell, fresh (to a whole User), or {@code null}. */
    static Figure decodes(KvCellResult result, String codec) {
        return result.codecRate(codec, Codec::decodes, Codec::decodesPerSecond);
    }

    /** The encodes' rate of {@code codec} at its best, or {@code null}. */
    static Figure bestEncodes(KvCellResult result, String codec) {
        return result.codecRate(codec, c -> c.best() == null ? null : c.best().encodes(),
                c -> c.best() == null ? null : c.best().encodesPerSecond());
    }

    /** The decodes' rate of {@code codec} at its best, or {@code null}. */
    static Figure bestDecodes(KvCellResult result, String codec) {
        return result.codecRate(codec, c -> c.best() == null ? null : c.best().decodes(),
                c -> c.best() == null ? null : c.best().decodesPerSecond());
    }

    private static String besideTheArticle(KvCellResult ours) {
        double jdk = median(encodes(ours, JDK));
        double jdkBest = median(bestEncodes(ours, JDK));
        MarkdownTable table = KvText.table("article's encoding", "encodes/s (M)", "x JDK", "ours", "fresh encodes/s (M)",
                "x JDK", "at its best (M)", "x JDK");
        List<String> rows = new ArrayList<>();
        for (KvArticleFigures.EncodingRow row : KvArticleFigures.ENCODINGS) {
            rows.add(row.ours());
            table.row(ourEncodes(ours, row.label(), KvText.millions(row.encodesPerS()),
                    ratio(row.encodesPerS(), KvArticleFigures.JDK_ENCODES_PER_S), row.ours(), jdk, jdkBest));
        }
        if (!rows.contains("kryo") && encodes(ours, "kryo") != null) {
            table.row(ourEncodes(ours, "-", "", "", "kryo", jdk, jdkBest));
        }
        return "## Beside the article: encoding\n\n" + table.render() + "\n"
                + "The article encoded a price update with an embedded instrument, we a user: compare the multiples of"
                + " JDK serialization, not the rates (each way's multiple is of JDK serialization measured the same"
                + " way). Its structs are the forerunner of our flyweight, written in place as ours is at its best;"
                + " its fast serialization (FST) is Fory's.\n" + KvArticleFigures.CITATION + "\n\n";
    }

    private static List<String> ourEncodes(KvCellResult ours, String label, String articleRate, String articleRatio,
                                           String codec, double jdk, double jdkBest) {
        Figure fresh = codec == null ? null : encodes(ours, codec);
        Figure best = codec == null ? null : bestEncodes(ours, codec);
        return KvText.row(label, articleRate, articleRatio, codec == null ? "-" : codec,
                fresh == null ? "" : KvText.millions(fresh.median()), fresh == null ? "" : ratio(fresh.median(), jdk),
                best == null ? "" : KvText.millions(best.median()), best == null ? "" : ratio(best.median(), jdkBest));
    }

    private static double median(Figure figure) {
        return figure == null ? Double.NaN : figure.median();
    }

    private static String ratio(double value, double base) {
        return Double.isNaN(value) || Double.isNaN(base) || base == 0 ? "?" : Numbers.compact(value / base);
    }
}
