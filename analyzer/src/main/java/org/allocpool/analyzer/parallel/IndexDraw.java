package org.allocpool.analyzer.parallel;

/** Where a drain takes store indices from: the source's generator, as during the run. */
interface IndexDraw {

    /** The next store index in {@code 0 .. slots-1}. */
    int next(int slots);
}
