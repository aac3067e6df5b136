package org.allocpool.kv.bench;

import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.allocpool.kv.server.KvClient;
import org.allocpool.kv.store.MappedStore;

/**
 * One bench connection: loads its share of the users, then loops GET of a stored key (a hit), GET
 * of a key never stored (a miss), PUT of a stored key with its user's bytes, timing each round trip
 * while the run is measuring.
 *
 * <p>Runs on its own thread; its counts are read by the run's thread (release writes, acquire reads),
 * its histogram only after the thread has ended.
 */
final class BenchClient implements Runnable {

    static final int HITS = 0;
    static final int MISSES = 1;
    static final int PUTS = 2;
    static final int UNEXPECTED = 3;
    static final int LOADED = 4;
    /** 10 s: any round trip longer is recorded as 10 s. */
    private static final long MAX_LATENCY_NS = 10_000_000_000L;

    private final int index;
    private final InetSocketAddress server;
    private final byte[][] users;
    private final int clients;
    private final BenchPhase phase;
    private final AtomicLongArray counts = new AtomicLongArray(5);
    private final Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
    private final SplittableRandom random;
    private volatile Throwable failure;

    BenchClient(int index, InetSocketAddress server, byte[][] users, int clients, BenchPhase phase) {
        this.index = index;
        this.server = server;
        this.users = users;
        this.clients = clients;
        this.phase = phase;
        this.random = new SplittableRandom(0x6b76L * 31 + index);
    }

    @Override
    public void run() {
        try (KvClient client = KvClient.connect(server)) {
            for (int key = index; key < users.length; key += clients) {
                client.put(key, users[key]);
                add(LOADED);
            }
            phase.awaitStart();
            loop(client);
        } catch (Throwable e) {
            failure = e;
            phase.fail();
        }
    }

    // hot path: no allocation
    private void loop(KvClient client) throws java.io.IOException {
        final byte[] dst = new byte[64 * 1024];
        final long userCount = users.length;
        final Histogram latency = this.latency;
        while (!phase.isStopped()) {
            boolean measuring = phase.isMeasuring();
            long hitKey = random.nextLong(userCount);
            long start = System.nanoTime();
            int found = client.get(hitKey, dst);
            long end = System.nanoTime();
            note(HITS, found == MappedStore.ABSENT, measuring, end - start, latency);

            long missKey = userCount + random.nextLong(Long.MAX_VALUE - userCount);
            start = end;
            found = client.get(missKey, dst);
            end = System.nanoTime();
            note(MISSES, found != MappedStore.ABSENT, measuring, end - start, latency);

            int putKey = (int) random.nextLong(userCount);
            start = end;
            client.put(putKey, users[putKey]);
            end = System.nanoTime();
            note(PUTS, false, measuring, end - start, latency);
        }
    }

    private void note(int kind, boolean unexpected, boolean measuring, long ns, Histogram latency) {
        add(kind);
        if (unexpected) {
            add(UNEXPECTED);
        }
        if (measuring) {
            latency.recordValue(Math.min(ns, MAX_LATENCY_NS));
        }
    }

    private void add(int kind) {
        counts.setRelease(kind, counts.getPlain(kind) + 1);
    }

    long count(int kind) {
        return counts.getAcquire(kind);
    }

    /** The histogram; read it only after this client's thread has ended. */
    Histogram latency() {
        return latency;
    }

    Throwable failure() {
        return failure;
    }
}
