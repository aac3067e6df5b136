package org.allocpool.lab.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.allocpool.lab.text.DurationText;

/**
 * The lab's progress, one line per event on a stream meant for people (stderr): which cell of how
 * many is running, and the time left estimated from the cells finished so far; and, once a fork has
 * run {@link #IN_CELL_AFTER}, where it is inside its cell as its child says
 * ({@code [19/48] cpp pool A, fork 1/2: round 7 of 10; about 7m02s left}), at most once every
 * {@link #IN_CELL_GAP}. Every lab (analyzer, echo) names its cells its own way and passes the name.
 *
 * <p>Thread-safe: the lab's main thread starts and finishes cells while the thread that follows a
 * fork's stderr reports where it is.
 */
public final class ProgressLine {

    /** A fork is followed inside its cell once it has run this long: shorter ones end before it matters. */
    static final Duration IN_CELL_AFTER = Duration.ofSeconds(10);
    /** At most one in-cell line this often: a child may say where it is several times a second. */
    static final Duration IN_CELL_GAP = Duration.ofSeconds(2);

    private final PrintStream out;
    private int total;
    private final LongSupplier nanoClock;
    private int finished;
    private Duration spent = Duration.ZERO;
    private int current;
    private String currentLabel;
    private long currentStart;
    private Duration currentEstimate;
    private String lastWhere;
    private long lastInCell;

    /** A progress line for {@code total} cells, printed on {@code out}. */
    public ProgressLine(PrintStream out, int total) {
        this(out, total, System::nanoTime);
    }

    /** With {@code nanoClock} instead of {@link System#nanoTime()}: for tests. */
    ProgressLine(PrintStream out, int total, LongSupplier nanoClock) {
        this.out = out;
        this.total = total;
        this.nanoClock = nanoClock;
    }

    /** Counts {@code more} forks to run beyond those planned so far (a pass added for undecided comparisons). */
    public synchronized void plan(int more) {
        total += more;
    }

    /** Prints {@code lab: text}. */
    public synchronized void note(String text) {
        out.println("lab: " + text);
        out.flush();
    }

    /** Cell {@code index} (from 1), called {@code label}, starts: with the time left from the cells finished so far. */
    public synchronized void starting(int index, String label) {
        current = index;
        currentLabel = label;
        currentStart = nanoClock.getAsLong();
        currentEstimate = finished == 0 ? null : spent.dividedBy(finished).multipliedBy(total - index + 1);
        lastWhere = null;
        lastInCell = 0;
        note("[" + index + "/" + total + "] " + label + ": running; " + left(Duration.ZERO));
    }

    /**
     * The running fork says it is at {@code where} ({@code round 7 of 10}): printed in place of
     * {@code running} once the fork has run {@link #IN_CELL_AFTER}, when it says something new, at
     * most once every {@link #IN_CELL_GAP}; otherwise dropped (the next one will tell).
     */
    public synchronized void inCell(String where) {
        if (currentLabel == null || where.equals(lastWhere)) {
            return;
        }
        long now = nanoClock.getAsLong();
        Duration elapsed = Duration.ofNanos(now - currentStart);
        if (elapsed.compareTo(IN_CELL_AFTER) < 0 || (lastInCell != 0 && now - lastInCell < IN_CELL_GAP.toNanos())) {
            return;
        }
        lastWhere = where;
        lastInCell = now;
        note("[" + current + "/" + total + "] " + currentLabel + ": " + where + "; " + left(elapsed));
    }

    /** Cell {@code index} ended after {@code elapsed}: ok when {@code failure} is {@code null}, else failed with that reason. */
    public synchronized void finished(int index, String label, Duration elapsed, String failure) {
        finished++;
        spent = spent.plus(elapsed);
        currentLabel = null;
        note("[" + index + "/" + total + "] " + label + ": "
                + (failure == null ? "ok" : "FAILED (" + failure + ")") + " in " + DurationText.format(elapsed));
    }

    /** Cell {@code index} was skipped without starting anything, for {@code reason}. */
    public synchronized void skipped(int index, String label, String reason) {
        finished++;
        currentLabel = null;
        note("[" + index + "/" + total + "] " + label + ": skipped (" + reason + ")");
    }

    /** The time left when the running fork has run {@code elapsed}: the estimate at its start, less that. */
    private String left(Duration elapsed) {
        if (currentEstimate == null) {
            return "time left not known yet";
        }
        Duration left = currentEstimate.minus(elapsed);
        // a fork running past the estimate: "about 0.0s left" would say the lab is about to end, which it is not
        return left.isNegative() ? "taking longer than estimated"
                : "about " + DurationText.format(left) + " left";
    }
}
