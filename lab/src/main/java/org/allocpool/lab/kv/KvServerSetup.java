package org.allocpool.lab.kv;

import java.util.List;

/**
 * The cells of the kv lab's servers section ({@code --contender servers}): Redis and {@code kv serve
 * --resp-port} under the same client, {@code redis-benchmark}, in two durability pairings. The main
 * grid pairs Redis's {@code appendonly yes} + {@code appendfsync everysec} with the store's
 * {@code async}: both keep acknowledged writes through a crash of the server process (Redis writes its
 * AOF to the kernel before the reply unless a slow fsync postpones it; the store's page cache belongs
 * to the kernel) and may lose recent ones to a machine crash (Redis about a second; the store what the
 * kernel has not written back yet: the weaker promise). The durability rows pair {@code appendfsync always} with {@code sync}:
 * every write on the disk before its reply. The pair cell runs the main pairing again, both servers up
 * at once and their rounds interleaved, for the verdict: a ratio of two rounds a second apart, not of
 * two cells minutes apart on a machine whose load drifts. Immutable.
 */
public enum KvServerSetup {

    /** Redis, AOF with an fsync a second: the main grid. */
    REDIS_EVERYSEC("redis", "everysec", true),
    /** {@code kv serve}, async durability: the main grid. */
    KVSERVE_ASYNC("kvserve", "async", true),
    /** Redis, AOF with an fsync before each reply batch: SETs only. */
    REDIS_ALWAYS("redis", "always", false),
    /** {@code kv serve}, sync durability: SETs only. */
    KVSERVE_SYNC("kvserve", "sync", false),
    /** Redis ({@code everysec}) and {@code kv serve} ({@code async}) side by side, rounds interleaved: the verdict. */
    PAIR_ASYNC("pair", "async", false);

    private final String server;
    private final String durability;
    private final boolean mainGrid;

    KvServerSetup(String server, String durability, boolean mainGrid) {
        this.server = server;
        this.durability = durability;
        this.mainGrid = mainGrid;
    }

    /** {@code redis}, {@code kvserve} or {@code pair}. */
    public String server() {
        return server;
    }

    /** Redis's {@code appendfsync} or the store's durability. */
    public String durability() {
        return durability;
    }

    /** How records and tables name the cell: {@code redis-everysec}, {@code kvserve-sync}. */
    public String label() {
        return server + "-" + durability;
    }

    /** Whether the lab starts {@code kv serve} as a JVM of its own for this cell (kv serve's cells and the pair). */
    public boolean isKvServe() {
        return "kvserve".equals(server) || isPair();
    }

    /** Whether this cell runs Redis and {@code kv serve} together, their rounds interleaved. */
    public boolean isPair() {
        return "pair".equals(server);
    }

    /** Whether the cell starts Redis itself (Redis's cells and the pair). */
    public boolean startsRedis() {
        return "redis".equals(server) || isPair();
    }

    /** Whether this is the main grid (GET and SET, keys loaded, resident set read) rather than a durability row. */
    public boolean isMainGrid() {
        return mainGrid;
    }

    /**
     * The cell's grid as the contenders' main takes it: GET and SET at 1, 4 and 16 connections with
     * every key loaded first (main grid); SET only, at 4 connections in the quick profile and 1, 4, 16
     * in the full one, on an empty server (durability rows); GET and SET at the verdict's 4 connections
     * (full: 1, 4, 16), both servers loaded (the pair); pipeline depths 1 and 16 for all.
     */
    public List<String> gridArgs(KvProfile profile) {
        if (isPair()) {
            return List.of("--tests", "get,set", "--connections", profile == KvProfile.FULL ? "1,4,16" : "4",
                    "--pipelines", "1,16");
        }
        if (mainGrid) {
            return List.of("--tests", "get,set", "--connections", "1,4,16", "--pipelines", "1,16");
        }
        return List.of("--tests", "set", "--connections", profile == KvProfile.FULL ? "1,4,16" : "4",
                "--pipelines", "1,16", "--no-load");
    }

    /** The setup labelled {@code label}, or {@code null}. */
    public static KvServerSetup byLabel(String label) {
        for (KvServerSetup setup : values()) {
            if (setup.label().equals(label)) {
                return setup;
            }
        }
        return null;
    }
}
