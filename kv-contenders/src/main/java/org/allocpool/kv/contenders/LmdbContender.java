package org.allocpool.kv.contenders;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.allocpool.kv.user.User;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/**
 * lmdbjava over the native LMDB it ships: one database keyed by the id as a native-order 8-byte
 * integer ({@code MDB_INTEGERKEY}), writing into its memory map ({@code MDB_WRITEMAP}, as the other
 * mapped stores do) and committing without fsync ({@code MDB_NOSYNC}, as the allocpool store's async
 * durability). With a writable map its file is as long as the map: {@link #fileBytes} counts the pages in use. Each put is a write transaction of its own; loading commits every
 * {@link #LOAD_BATCH} puts. Gets run in one read transaction renewed after writes and copy the
 * value into a reused buffer. Needs {@code --add-opens java.base/java.nio} and {@code sun.nio.ch}
 * on JDK 25. Single-threaded; the environment's files live under the run's folder.
 */
final class LmdbContender implements StoreContender {

    static final int LOAD_BATCH = 10_000;
    /** Room per user in the memory map, far above the ~60 bytes of a value and its page overhead. */
    private static final long MAP_BYTES_PER_USER = 512;

    private final Env<ByteBuffer> env;
    private final Dbi<ByteBuffer> dbi;
    private final ByteBuffer key = ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder());
    private final ByteBuffer value = ByteBuffer.allocateDirect(AllocpoolContender.MAX_VALUE_BYTES);
    private final byte[] buffer = new byte[AllocpoolContender.MAX_VALUE_BYTES];
    private Txn<ByteBuffer> reads;
    private boolean readsReset;
    private Txn<ByteBuffer> loading;
    private int loadedInBatch;
    private long sink;

    LmdbContender(Path dir, long users) {
        this.env = Env.create()
                .setMapSize(64L * 1024 * 1024 + Math.max(1_000, users) * MAP_BYTES_PER_USER)
                .setMaxDbs(1)
                .open(dir.toFile(), EnvFlags.MDB_WRITEMAP, EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
        this.dbi = env.openDbi("users", DbiFlags.MDB_CREATE, DbiFlags.MDB_INTEGERKEY);
    }

    @Override
    public String name() {
        return "lmdb";
    }

    @Override
    public void load(long id, User user, byte[] encoded) {
        if (loading == null) {
            pauseReads();
            loading = env.txnWrite();
        }
        dbi.put(loading, key(id), value(encoded));
        if (++loadedInBatch == LOAD_BATCH) {
            loaded();
        }
    }

    @Override
    public void loaded() {
        if (loading != null) {
            loading.commit();
            loading.close();
            loading = null;
            loadedInBatch = 0;
        }
    }

    @Override
    public void put(long id, User user, byte[] encoded) {
        pauseReads();
        try (Txn<ByteBuffer> txn = env.txnWrite()) {
            dbi.put(txn, key(id), value(encoded));
            txn.commit();
        }
    }

    @Override
    public boolean get(long id) {
        if (reads == null) {
            reads = env.txnRead();
        } else if (readsReset) {
            reads.renew();
            readsReset = false;
        }
        ByteBuffer found = dbi.get(reads, key(id));
        if (found == null) {
            return false;
        }
        int length = found.remaining();
        found.get(buffer, 0, length);
        sink += length + buffer[0];
        return true;
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public long fileBytes(Path dir) {
        return (env.info().lastPageNumber + 1) * env.stat().pageSize;
    }

    @Override
    public long size() {
        pauseReads();
        try (Txn<ByteBuffer> txn = env.txnRead()) {
            return dbi.stat(txn).entries;
        }
    }

    @Override
    public void close() {
        loaded();
        if (reads != null) {
            reads.close();
        }
        env.close();
    }

    private ByteBuffer key(long id) {
        key.clear();
        key.putLong(0, id);
        return key;
    }

    private ByteBuffer value(byte[] encoded) {
        value.clear();
        value.put(encoded).flip();
        return value;
    }

    /** A read transaction pins the pages it saw: let writers reuse them, renewing on the next get. */
    private void pauseReads() {
        if (reads != null && !readsReset) {
            reads.reset();
            readsReset = true;
        }
    }
}
