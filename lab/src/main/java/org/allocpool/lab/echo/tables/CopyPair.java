package org.allocpool.lab.echo.tables;

import java.util.List;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;

/**
 * The two halves of the copy question for one strategy, event and client count: the cell that reuses
 * and the one that copies every event. Either may be missing or failed. Immutable; safe to share.
 *
 * @param reuse the cell without copy-per-event, or {@code null}
 * @param copy  the cell with it, or {@code null}
 */
record CopyPair(EchoCellResult reuse, EchoCellResult copy) {

    /** The pair of {@code gc, buffers, event, clients} in {@code cells}. */
    static CopyPair of(EchoCells cells, String gc, String buffers, String event, int clients) {
        return new CopyPair(cells.get(gc, buffers, false, event, clients), cells.get(gc, buffers, true, event, clients));
    }

    /** Events/s with the copy. */
    Figure copyEvents() {
        return events(copy);
    }

    /** Events/s without it. */
    Figure reuseEvents() {
        return events(reuse);
    }

    /** Whether both halves have an events/s figure. */
    boolean isMeasured() {
        return copyEvents() != null && reuseEvents() != null;
    }

    /** Events/s with the copy over events/s without, or NaN unless both halves measured. */
    double ratio() {
        return isMeasured() && reuseEvents().median() > 0 ? copyEvents().median() / reuseEvents().median() : Double.NaN;
    }

    /** The two events/s figures compared (higher is better), or {@code null} unless both halves measured. */
    Comparison comparison() {
        Question question = question("");
        return question == null ? null : question.comparison();
    }

    /**
     * The copy question of this pair, named {@code name}: copy against reuse in events/s (higher is
     * better), over both halves' cells; {@code null} unless both halves measured.
     */
    Question question(String name) {
        return isMeasured() ? new Question(name, "copy", "reuse", List.of(copy.cell().key(), reuse.cell().key()),
                copyEvents(), reuseEvents(), false) : null;
    }

    /** What the copy adds: allocated bytes per event with it minus without (medians), or NaN unless both measured. */
    double bytesAdded() {
        Figure with = bytes(copy);
        Figure without = bytes(reuse);
        return with == null || without == null ? Double.NaN : with.median() - without.median();
    }

    /** Why the pair cannot be compared ({@code copy failed}, {@code reuse not run}), or {@code null} when it can. */
    String missing() {
        String copyWhy = why(copy);
        String reuseWhy = why(reuse);
        if (copyWhy == null && reuseWhy == null) {
            return null;
        }
        return copyWhy != null && reuseWhy != null ? "neither half measured"
                : copyWhy != null ? "copy " + copyWhy : "reuse " + reuseWhy;
    }

    private static String why(EchoCellResult half) {
        return half == null ? "not run" : !half.isOk() || half.eventsPerSecond() == null ? "failed" : null;
    }

    private static Figure events(EchoCellResult half) {
        return half == null || !half.isOk() ? null : half.eventsPerSecond();
    }

    private static Figure bytes(EchoCellResult half) {
        return half == null || !half.isOk() ? null : half.allocBytesPerEvent();
    }
}
