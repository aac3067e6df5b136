package org.allocpool.lab;

import java.io.PrintStream;
import java.time.Duration;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.DurationText;

/**
 * The lab's progress, one line per event on a stream meant for people (stderr): which cell of how
 * many is running, and the time left estimated from the cells finished so far. Single-threaded:
 * the lab's main thread only. Each experiment's lab names its cells in its own words (a label).
 */
public final class ProgressLine {

    private final PrintStream out;
    private final int total;
    private int finished;
    private Duration spent = Duration.ZERO;

    public ProgressLine(PrintStream out, int total) {
        this.out = out;
        this.total = total;
    }

    public void note(String text) {
        out.println("lab: " + text);
        out.flush();
    }

    void starting(int index, AnalyzerCell cell) {
        starting(index, label(cell));
    }

    void finished(int index, AnalyzerCell cell, Duration elapsed, String failure) {
        finished(index, label(cell), elapsed, failure);
    }

    /** Cell {@code index} (from 1) of the total, called {@code label}, starts. */
    public void starting(int index, String label) {
        String left = finished == 0
                ? "time left not known yet"
                : "about " + DurationText.format(spent.dividedBy(finished).multipliedBy(total - index + 1)) + " left";
        note("[" + index + "/" + total + "] " + label + ": running; " + left);
    }

    /** Cell {@code index} ended after {@code elapsed}: ok when {@code failure} is {@code null}. */
    public void finished(int index, String label, Duration elapsed, String failure) {
        finished++;
        spent = spent.plus(elapsed);
        note("[" + index + "/" + total + "] " + label + ": "
                + (failure == null ? "ok" : "FAILED (" + failure + ")") + " in " + DurationText.format(elapsed));
    }

    private static String label(AnalyzerCell cell) {
        String what = cell.realtime() == null ? ""
                : cell.realtime().findsInterval() ? " real time" : " real time at " + cell.realtime().intervalNs() + " ns";
        if (cell.isCpp()) {
            return cell.runtime().label() + " " + cell.strategy() + " " + cell.caseName() + what;
        }
        return cell.collector().label() + " " + cell.strategy() + " " + cell.caseName() + what + " (heap " + cell.heap() + ")";
    }
}
