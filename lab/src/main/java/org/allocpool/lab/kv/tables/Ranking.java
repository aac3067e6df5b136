package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;

/**
 * One rate (higher is better) of several contenders or codecs, as the verdict ranks it: those with a
 * steady figure, best first, and why the others are not judged (failed, no figure, not steady).
 * Immutable; safe to share.
 *
 * @param steady    the steady figures, fastest first
 * @param notJudged the others, each with why ({@code lmdb (failed)})
 */
record Ranking(List<Named> steady, List<String> notJudged) {

    /** A figure and what it belongs to. */
    record Named(String name, Figure figure) {
    }

    Ranking {
        steady = steady.stream().sorted(Comparator.comparingDouble((Named n) -> n.figure().median()).reversed()).toList();
        notJudged = List.copyOf(notJudged);
    }

    /** The ranking of {@code names} by {@code figure} ({@code null} for none), those {@code failed} aside. */
    static Ranking of(List<String> names, Function<String, Figure> figure, Predicate<String> failed) {
        List<Named> steady = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        for (String name : names) {
            Figure f = failed.test(name) ? null : figure.apply(name);
            if (f == null) {
                notJudged.add(name + (failed.test(name) ? " (failed)" : " (no figure)"));
            } else if (!f.steady()) {
                notJudged.add(name + " (not steady)");
            } else {
                steady.add(new Named(name, f));
            }
        }
        return new Ranking(steady, notJudged);
    }

    /** Whether at least two figures can be ranked. */
    boolean canJudge() {
        return steady.size() >= 2;
    }

    /** The steady figure of {@code name}, or {@code null}. */
    Named named(String name) {
        return steady.stream().filter(n -> n.name().equals(name)).findFirst().orElse(null);
    }

    /** The fastest steady figure of any but {@code name}, or {@code null}. */
    Named fastestExcept(String name) {
        return steady.stream().filter(n -> !n.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * {@code What: **a** 5.6 M/s is fastest: 1.40x faster than b 4.0 M/s (spreads apart), ...}, or when
     * the runner-up is too close to call {@code What: no clear winner: **a** 5.6 M/s is ahead: 1.02x
     * faster than b 5.5 M/s (too close to call), ...}; then {@code more} and what was not judged;
     * {@code null} when there was nothing to rank at all.
     */
    String line(String what, String more) {
        if (!canJudge()) {
            return steady.isEmpty() && notJudged.isEmpty() ? null
                    : what + ": too few steady figures to judge." + notJudgedText();
        }
        Named fastest = steady.getFirst();
        List<String> margins = new ArrayList<>();
        boolean clear = compare(fastest, steady.get(1)).isClear();
        for (Named other : steady.subList(1, steady.size())) {
            Comparison c = compare(fastest, other);
            margins.add(KvText.factor(c.factor()) + " faster than " + other.name() + " " + KvText.perSecond(other.figure())
                    + " (" + c.judgement() + ")");
        }
        return what + ": " + (clear ? "" : "no clear winner: ") + "**" + fastest.name() + "** "
                + KvText.perSecond(fastest.figure()) + (clear ? " is fastest: " : " is ahead: ")
                + String.join(", ", margins) + "." + more + notJudgedText();
    }

    /** {@code a} against {@code b}, higher is better. */
    static Comparison compare(Named a, Named b) {
        return Comparison.of(a.name(), a.figure(), b.name(), b.figure(), false);
    }

    private String notJudgedText() {
        return notJudged.isEmpty() ? "" : " Not judged: " + String.join(", ", notJudged) + ".";
    }
}
