package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * How the kv tables and verdict write figures: rates in millions with their spreads
 * ({@code 5.6 (5.4-5.8) ±2%}: the middle half of the rounds, then ± half the range of the forks'
 * medians), readings as medians over the forks, counts with thousands separators. Thread-safe (stateless).
 */
final class KvText {

    private KvText() {
    }

    /** {@code 5.6 (5.4-5.8) ±2%} for a rate per second, in millions; {@code ?} for none. */
    static String rate(Figure figure) {
        return figure == null ? "?" : spread(figure, 1e6);
    }

    /** {@code 182 (175-190) ±2%} for a rate per second, in thousands; {@code ?} for none. */
    static String thousands(Figure figure) {
        return figure == null ? "?" : spread(figure, 1e3);
    }

    /** {@code 149 (140-160) ±3%}, the same for a figure in its own unit; {@code ?} for none. */
    static String figure(Figure figure) {
        return figure == null ? "?" : spread(figure, 1);
    }

    /** The median alone, {@code 198}; {@code ?} for none. */
    static String median(Figure figure) {
        return figure == null ? "?" : Numbers.compact(figure.median());
    }

    /** {@code 5.6 M/s}: a rate's median in words. */
    static String perSecond(Figure figure) {
        return millions(figure.median()) + " M/s";
    }

    /** Millions with the tables' precision: {@code 3.8}, {@code 0.75}, {@code 26}. */
    static String millions(double perSecond) {
        return Numbers.compact(perSecond / 1e6);
    }

    /** {@code 1,000,000}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 2.40x}; {@code 154x} from 10 up. */
    static String factor(double factor) {
        return factor < 10 ? String.format(Locale.ROOT, "%.2fx", factor) : Numbers.compact(factor) + "x";
    }

    /** Appends {@code line} as a list item ({@code - line}); nothing for {@code null}. */
    static void item(StringBuilder out, String line) {
        if (line != null) {
            out.append("- ").append(line).append('\n');
        }
    }

    static MarkdownTable table(String... header) {
        return new MarkdownTable(List.of(header));
    }

    static List<String> row(String... cells) {
        List<String> row = new ArrayList<>();
        for (String cell : cells) {
            row.add(MarkdownTable.escape(cell));
        }
        return row;
    }

    private static String spread(Figure figure, double unit) {
        String text = Numbers.compact(figure.median() / unit);
        if (figure.roundsLow() != figure.roundsHigh()) {
            text += " (" + Numbers.compact(figure.roundsLow() / unit) + "-" + Numbers.compact(figure.roundsHigh() / unit) + ")";
        }
        return figure.forks() > 1 ? text + " ±" + Numbers.percent(figure.forkSpread()) : text;
    }
}
