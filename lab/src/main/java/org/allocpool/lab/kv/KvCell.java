package org.allocpool.lab.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the kv lab: a contender (or the codecs) at a number of users, the cell fields its
 * records should carry, and the contenders' main's arguments that run it. Immutable.
 *
 * @param contender the store contender, {@link KvContender#CODECS} or {@link KvContender#SERVERS}
 * @param users     users loaded (stores), the range the codecs' sample is drawn from, or keys loaded (servers)
 * @param server    the servers cell's server and durability; {@code null} for the others
 */
public record KvCell(KvContender contender, long users, KvServerSetup server) implements LabCell<KvCellFields> {

    /**
     * {@code kv serve}'s event loops beside Redis: one, as Redis serves from one thread (io-threads
     * off), so both have the same share of the machine. Measured by hand on the 2-core VM
     * (redis-benchmark {@code -c 4 -P 1}, three alternated rounds, 2026-11-24): with its default of
     * one loop per core, kv serve's SETs ran at 0.74 to 1.02 of Redis's and its GETs at 0.87 to 1.09;
     * with one loop (and the selector flags), 0.91 to 1.17 and 1.05 to 1.25: two loops and the
     * client on two cores take turns.
     */
    static final int KV_SERVE_EVENT_LOOPS = 1;
    /**
     * How long kv serve's event loop polls before it sleeps, µs ({@code --poll-us}): long enough to see
     * the next request of a client that answers at once (measured, 2026-11-25, {@code -c 4 -P 1}: 20 µs
     * and 50 µs alike), short enough that an idle server sleeps within a blink.
     */
    public static final int KV_SERVE_POLL_MICROS = 50;

    /** A store or the codecs cell. */
    public KvCell(KvContender contender, long users) {
        this(contender, users, null);
    }

    /** What the lab meant to run: filled into a failed record, and into what a child leaves out. */
    @Override
    public KvCellFields fields() {
        if (server != null) {
            return new KvCellFields(server.label(), users, KvCellFields.SERVER, null);
        }
        return contender.isCodecs()
                ? new KvCellFields(null, users, KvCellFields.CODECS, null)
                : new KvCellFields(contender.label(), users, KvCellFields.STORE, null);
    }

    /** The name of the cell's files in the results folder: {@code mapdb}, {@code codecs}. */
    @Override
    public String id() {
        return server != null ? server.label() : contender.label();
    }

    /** How progress lines name it: {@code hashmap (heap 1019m)}. */
    @Override
    public String label() {
        return server != null ? server.label() + " (redis-benchmark)" : contender.label() + " (heap " + contender.heap(users) + ")";
    }

    /** The contenders' main's arguments: which cell, where its files go, and the options every child gets. */
    public List<String> programArgs(Path dataDir, List<String> childArgs) {
        List<String> args = new ArrayList<>();
        if (contender.isCodecs()) {
            args.add("--codecs");
        } else if (server != null) {
            throw new IllegalStateException("a servers cell's arguments are serverArgs'");
        } else {
            args.addAll(List.of("--contender", contender.label(), "--dir", dataDir.toString()));
        }
        args.addAll(childArgs);
        args.add("--json");
        return List.copyOf(args);
    }

    /**
     * The contenders' main's arguments for a servers cell: the server, its durability, where
     * {@code kv serve} listens, the folder of Redis's files (the pair's in its {@code redis} folder,
     * beside kv serve's store), the grid of {@code profile}.
     */
    public List<String> serverArgs(String connect, Path redisDir, KvProfile profile, List<String> childArgs) {
        List<String> args = new ArrayList<>(List.of("--server", server.server(), "--durability", server.durability()));
        if (server.isKvServe()) {
            args.addAll(List.of("--connect", connect));
        }
        if (server.startsRedis()) {
            args.addAll(List.of("--dir", (server.isPair() ? redisDir.resolve("redis") : redisDir).toString()));
        }
        args.addAll(server.gridArgs(profile));
        args.addAll(childArgs);
        args.add("--json");
        return List.copyOf(args);
    }

    /**
     * {@code kv serve}'s arguments: the store in {@code dir}, RESP on a free loopback port, the cell's
     * durability, one event loop ({@link #KV_SERVE_EVENT_LOOPS}) that polls before it sleeps
     * ({@link #KV_SERVE_POLL_MICROS}), and a stop when the lab closes its stdin.
     */
    public List<String> kvServeArgs(Path dir) {
        return List.of("kv", "serve", "--dir", dir.toString(), "--host", "127.0.0.1", "--port", "0", "--http-port", "0",
                "--resp-port", "0", "--durability", server.durability(), "--threads", String.valueOf(KV_SERVE_EVENT_LOOPS),
                "--poll-us", String.valueOf(KV_SERVE_POLL_MICROS), "--stop-on-stdin-eof");
    }
}
