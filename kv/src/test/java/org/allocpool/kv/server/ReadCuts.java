package org.allocpool.kv.server;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Arrays;

/**
 * Where a fuzz target's input is cut into the reads a connection gets: the fuzzer picks the cuts,
 * so a request split at any byte is tried. Stateless.
 */
final class ReadCuts {

    private ReadCuts() {
    }

    /** Up to {@code maxCuts} cut points, taken from the end of the input (before its bytes are taken). */
    static int[] consume(FuzzedDataProvider data, int maxCuts) {
        int[] cuts = new int[data.consumeInt(0, maxCuts)];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = data.consumeInt(0, 1 << 16);
        }
        return cuts;
    }

    /** The ends of the reads of {@code length} bytes: the cuts within them, sorted, then {@code length}. */
    static int[] ends(int[] cuts, int length) {
        int[] ends = new int[cuts.length + 1];
        for (int i = 0; i < cuts.length; i++) {
            ends[i] = cuts[i] % (length + 1);
        }
        ends[cuts.length] = length;
        Arrays.sort(ends);
        return ends;
    }
}
