package org.allocpool.kv.contenders;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * What a servers cell measures ({@code --server}): which server, its durability, where it listens
 * when the lab started it ({@code kv serve}), and the grid {@code redis-benchmark} runs. Immutable.
 *
 * @param server      {@link #REDIS} (started here), {@link #KVSERVE} (started by the lab, at {@code connect}) or
 *                    {@link #PAIR}: both at once, their rounds interleaved (Redis started here with
 *                    {@code appendfsync everysec}, kv serve at {@code connect} with {@code durability})
 * @param durability  Redis's {@code appendfsync} ({@code everysec}, {@code always}) or the store's ({@code async}, {@code sync})
 * @param connect     where {@code kv serve} listens for RESP; {@code null} for Redis
 * @param tests       the {@code redis-benchmark -t} tests, e.g. {@code get}, {@code set}
 * @param connections the {@code -c} values
 * @param pipelines   the {@code -P} values
 * @param load        whether to load every key first (and read the resident set before and after)
 */
record ServerOptions(String server, String durability, InetSocketAddress connect, List<String> tests,
                     List<Integer> connections, List<Integer> pipelines, boolean load) {

    static final String REDIS = "redis";
    static final String KVSERVE = "kvserve";
    static final String PAIR = "pair";

    ServerOptions {
        tests = List.copyOf(tests);
        connections = List.copyOf(connections);
        pipelines = List.copyOf(pipelines);
    }

    /** Whether this is Redis, which the cell starts itself. */
    boolean isRedis() {
        return REDIS.equals(server);
    }

    /** Whether the cell starts Redis itself (Redis's cells and the pair), its files in {@code --dir}. */
    boolean startsRedis() {
        return isRedis() || isPair();
    }

    /** Whether this cell runs Redis (started here) and kv serve (at {@code connect}) round for round. */
    boolean isPair() {
        return PAIR.equals(server);
    }
}
