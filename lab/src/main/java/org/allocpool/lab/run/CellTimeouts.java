package org.allocpool.lab.run;

import java.time.Duration;

/**
 * The one rule by which an experiment's settings lengthen a profile's cell timeout when the user's
 * options make a cell's work longer than the profile's. Stateless; thread-safe.
 */
public final class CellTimeouts {

    private CellTimeouts() {
    }

    /**
     * {@code timeout} made {@code ratio} times as long (in whole seconds, rounded up) when {@code ratio}
     * is over 1 (the cell's work over the profile's); {@code timeout} itself otherwise: a shorter cell
     * keeps the profile's timeout.
     */
    public static Duration lengthened(Duration timeout, double ratio) {
        return ratio <= 1 ? timeout : Duration.ofSeconds((long) Math.ceil(timeout.toSeconds() * ratio));
    }
}
