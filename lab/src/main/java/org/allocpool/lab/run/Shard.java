package org.allocpool.lab.run;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of a run one machine takes ({@code --shard K/N}): every N-th cell from the K-th, counted
 * in the experiment's own order of cells, so that the same command gives the same part on every
 * machine, and every fork of a cell stays on one machine (its forks are compared with each other).
 * {@code 1/1} is the whole run. Immutable.
 *
 * @param index this shard, from 1
 * @param count how many shards
 */
public record Shard(int index, int count) {

    /** The whole run. */
    public static final Shard ALL = new Shard(1, 1);

    private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,6})\\s*/\\s*(\\d{1,6})\\s*");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("--shard must be K/N with 1 <= K <= N, was " + index + "/" + count);
        }
    }

    /**
     * {@code K/N} as written on the command line.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static Shard parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was '" + text + "'");
        }
        return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Whether the cell at {@code position} (from 0, in the experiment's order) is this shard's. */
    public boolean takes(int position) {
        return position % count == index - 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
