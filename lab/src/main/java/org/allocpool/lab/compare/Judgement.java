package org.allocpool.lab.compare;

/**
 * What {@code lab compare} says of one cell's figure from one run to the next. Only {@link #SLOWER}
 * fails a comparison. Immutable.
 */
public enum Judgement {

    /** Worse by more than the threshold, and the two figures' spreads do not overlap. */
    SLOWER("slower"),
    /** Better by more than the threshold, and the spreads do not overlap. */
    FASTER("faster"),
    /** Within the threshold, or the spreads overlap: this machine cannot tell them apart. */
    WITHIN_NOISE("within noise"),
    /** Either figure was not steady: not judged, whatever the change. */
    NOT_STEADY("not steady"),
    /** The cell ran in both, but in one (or both) no fork measured the figure: nothing to compare. */
    NO_FIGURE("no figure"),
    /** The cell is only in the later run. */
    ADDED("added"),
    /** The cell is only in the earlier run. */
    REMOVED("removed");

    private final String text;

    Judgement(String text) {
        this.text = text;
    }

    /** How tables and summaries write it: {@code within noise}. */
    public String text() {
        return text;
    }

    /** Whether the cell was in both runs. */
    public boolean isShared() {
        return this != ADDED && this != REMOVED;
    }
}
