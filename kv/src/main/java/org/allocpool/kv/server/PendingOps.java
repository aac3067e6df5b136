package org.allocpool.kv.server;

/**
 * The ops and keys of a connection's requests in flight, oldest first: what {@link KvClient} sent and
 * has not yet read the reply of, so that each reply is read as the answer to the request it belongs to
 * (the protocol answers in request order and carries no request id) and a message can name its key.
 *
 * <p>Two rings (op bytes, keys) whose capacity doubles when a pipeline goes deeper than ever before: that
 * growth is the only allocation, so a pipeline of steady depth allocates nothing.
 *
 * <p>Not thread-safe: owned by one client, used by its thread.
 */
final class PendingOps {

    private byte[] ops = new byte[16];
    private long[] keys = new long[16];
    private int head;
    private int size;

    /** Requests sent whose replies have not been read. */
    int size() {
        return size;
    }

    /** The op of the oldest request in flight; only when {@link #size} is over 0. */
    byte oldest() {
        return ops[head];
    }

    /** The key of the oldest request in flight; only when {@link #size} is over 0. */
    long oldestKey() {
        return keys[head];
    }

    // hot path: no allocation (unless the pipeline is deeper than ever before)
    void add(byte op, long key) {
        if (size == ops.length) {
            grow();
        }
        int tail = (head + size) & (ops.length - 1);
        ops[tail] = op;
        keys[tail] = key;
        size++;
    }

    // hot path: no allocation
    void removeOldest() {
        head = (head + 1) & (ops.length - 1);
        size--;
    }

    private void grow() {
        byte[] biggerOps = new byte[ops.length * 2];
        long[] biggerKeys = new long[ops.length * 2];
        for (int i = 0; i < size; i++) {
            biggerOps[i] = ops[(head + i) & (ops.length - 1)];
            biggerKeys[i] = keys[(head + i) & (ops.length - 1)];
        }
        ops = biggerOps;
        keys = biggerKeys;
        head = 0;
    }
}
