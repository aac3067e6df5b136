package org.allocpool.lab.run;

import java.io.PrintStream;
import java.time.Duration;
import org.allocpool.lab.text.DurationText;

/**
 * The lab's progress, one line per event on a stream meant for people (stderr): which cell of how
 * many is running, and the time left estimated from the cells finished so far. Single-threaded:
 * the lab's main thread only. Every lab (analyzer, echo) names its cells its own way and passes the name.
 */
public final class ProgressLine {

    private final PrintStream out;
    private final int total;
    private int finished;
    private Duration spent = Duration.ZERO;

    /** A progress line for {@code total} cells, printed on {@code out}. */
    public ProgressLine(PrintStream out, int total) {
        this.out = out;
        this.total = total;
    }

    /** Prints {@code lab: text}. */
    public void note(String text) {
        out.println("lab: " + text);
        out.flush();
    }

    /** Cell {@code index} (from 1), called {@code label}, starts: with the time left from the cells finished so far. */
    public void starting(int index, String label) {
        String left = finished == 0
                ? "time left not known yet"
                : "about " + DurationText.format(spent.dividedBy(finished).multipliedBy(total - index + 1)) + " left";
        note("[" + index + "/" + total + "] " + label + ": running; " + left);
    }

    /** Cell {@code index} ended after {@code elapsed}: ok when {@code failure} is {@code null}, else failed with that reason. */
    public void finished(int index, String label, Duration elapsed, String failure) {
        finished++;
        spent = spent.plus(elapsed);
        note("[" + index + "/" + total + "] " + label + ": "
                + (failure == null ? "ok" : "FAILED (" + failure + ")") + " in " + DurationText.format(elapsed));
    }
}
