package org.allocpool.kv.bench;

import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.allocpool.kv.server.KvClient;
import org.allocpool.kv.store.MappedStore;

/**
 * One bench connection: loads its share of the users (pipelined too), then loops GET of a stored key
 * (a hit), GET of a key never stored (a miss), PUT of a stored key with its user's bytes, keeping
 * {@code pipeline} requests in flight and timing each from the moment it was queued to its reply, while the run is
 * measuring. With a pipeline of 1 that is today's round trip: send, wait, read. Deeper, it sends the
 * whole window in one write, then reads at least one reply and every further one already received,
 * and refills the window in one write; a request's time then includes waiting behind those ahead.
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
    private final int pipeline;
    private final BenchPhase phase;
    private final AtomicLongArray counts = new AtomicLongArray(5);
    private final Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
    private final SplittableRandom random;
    private volatile Throwable failure;

    BenchClient(int index, InetSocketAddress server, byte[][] users, int clients, int pipeline, BenchPhase phase) {
        this.index = index;
        this.server = server;
        this.users = users;
        this.clients = clients;
        this.pipeline = pipeline;
        this.phase = phase;
        this.random = new SplittableRandom(0x6b76L * 31 + index);
    }

    @Override
    public void run() {
        try (KvClient client = KvClient.connect(server)) {
            load(client);
            phase.awaitStart();
            loop(client);
        } catch (Throwable e) {
            failure = e;
            phase.fail();
        }
    }

    /** PUTs this client's share of the users (every {@code clients}-th key), {@code pipeline} in flight. */
    private void load(KvClient client) throws java.io.IOException {
        for (int key = index; key < users.length; key += clients) {
            if (client.inFlight() == pipeline) {
                client.readPut();
                add(LOADED);
            }
            client.queuePut(key, users[key], 0, users[key].length);
        }
        while (client.inFlight() > 0) {
            client.readPut();
            add(LOADED);
        }
    }

    // hot path: no allocation
    private void loop(KvClient client) throws java.io.IOException {
        final byte[] dst = new byte[64 * 1024];
        final int depth = pipeline;
        final long[] queuedAt = new long[depth];
        final Histogram latency = this.latency;
        long queued = 0;
        long answered = 0;
        while (!phase.isStopped()) {
            long now = System.nanoTime();
            for (; queued - answered < depth; queued++) {
                queuedAt[(int) (queued % depth)] = now;
                queue(client, (int) (queued % 3));
            }
            client.flush();
            do {
                int kind = (int) (answered % 3);
                boolean unexpected = read(client, kind, dst);
                long end = System.nanoTime();
                note(kind, unexpected, phase.isMeasuring(), end - queuedAt[(int) (answered % depth)], latency);
                answered++;
            } while (client.isReplyBuffered());
        }
        while (client.inFlight() > 0) {
            read(client, (int) (answered++ % 3), dst); // the window's last replies, not counted
        }
    }

    /** Queues the request of {@code kind} (HITS, MISSES or PUTS) with a random key. */
    // hot path: no allocation
    private void queue(KvClient client, int kind) throws java.io.IOException {
        long userCount = users.length;
        switch (kind) {
            case HITS -> client.queueGet(random.nextLong(userCount));
            case MISSES -> client.queueGet(userCount + random.nextLong(Long.MAX_VALUE - userCount));
            default -> {
                int key = (int) random.nextLong(userCount);
                client.queuePut(key, users[key], 0, users[key].length);
            }
        }
    }

    /** Reads the reply of the oldest request, of {@code kind}; true when it is not what the data says. */
    // hot path: no allocation
    private static boolean read(KvClient client, int kind, byte[] dst) throws java.io.IOException {
        switch (kind) {
            case HITS -> {
                return client.readGet(dst) == MappedStore.ABSENT;
            }
            case MISSES -> {
                return client.readGet(dst) != MappedStore.ABSENT;
            }
            default -> {
                client.readPut();
                return false;
            }
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
