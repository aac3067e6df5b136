package org.allocpool.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the cells in each pass: a fresh random order every pass (randomized multiple
 * interleaved trials, Abedi and Brecht, ICPE 2017), so that a slow spell of a shared host falls on
 * different cells in different passes instead of always on the same neighbours, and on no cell's
 * every fork. Seeded: the same seed and pass give the same order, and the records carry both.
 * Immutable; safe to share.
 *
 * @param seed the run's seed
 */
public record PassOrder(long seed) {

    /** {@code cells} in pass {@code pass}'s order (a new list; {@code cells} is left as it is). */
    public <T> List<T> of(List<T> cells, int pass) {
        List<T> order = new ArrayList<>(cells);
        Collections.shuffle(order, new Random(seed * 1_000_003L + pass));
        return order;
    }
}
