package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import java.util.Locale;
import org.allocpool.kv.store.ByteKey;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.PutCondition;
import org.allocpool.kv.store.SyncBatch;

/**
 * Runs the RESP requests of one connection against the store and writes their replies: GET, SET
 * (EX, PX, EXAT, PXAT, NX, XX), DEL, EXISTS, MGET, MSET and DBSIZE here, the rest in
 * {@link RespServerCommands}. Keys are byte strings ({@link ByteKey}); values are opaque bytes,
 * stored as received. Errors are worded as Redis words them where there is a Redis equivalent.
 *
 * <p>Not thread-safe: one per connection (it owns the key and the array values are copied through),
 * on its event loop; the store is shared. The reply buffer is the caller's.
 */
final class RespCommands {

    private static final byte[] GET = RespReplies.ascii("GET");
    private static final byte[] SET = RespReplies.ascii("SET");
    private static final byte[] DEL = RespReplies.ascii("DEL");
    private static final byte[] EXISTS = RespReplies.ascii("EXISTS");
    private static final byte[] MGET = RespReplies.ascii("MGET");
    private static final byte[] MSET = RespReplies.ascii("MSET");
    private static final byte[] DBSIZE = RespReplies.ascii("DBSIZE");
    private static final byte[] EX = RespReplies.ascii("EX");
    private static final byte[] PX = RespReplies.ascii("PX");
    private static final byte[] EXAT = RespReplies.ascii("EXAT");
    private static final byte[] PXAT = RespReplies.ascii("PXAT");
    private static final byte[] NX = RespReplies.ascii("NX");
    private static final byte[] XX = RespReplies.ascii("XX");
    private static final byte[] SYNTAX = RespReplies.error("syntax error");
    private static final byte[] NOT_AN_INTEGER = RespReplies.error("value is not an integer or out of range");
    private static final byte[] BAD_EXPIRE = RespReplies.error("invalid expire time in 'set' command");
    private static final int INITIAL_VALUE_BYTES = 4096;

    private final MappedStore store;
    private final RespServerCommands server;
    private final ByteKey key;
    private final int maxValueBytes;
    /** The connection's group commit in sync mode ({@link CommitBeforeFlush}), else null. */
    private final SyncBatch batch;
    private byte[] value;

    RespCommands(MappedStore store, RespServerCommands server) {
        this(store, server, null);
    }

    /**
     * Runs SET and MSET through {@code batch} (null: straight to the store); every other command
     * commits it first, so that it sees them (a conditional SET too, in the batch).
     */
    RespCommands(MappedStore store, RespServerCommands server, SyncBatch batch) {
        this.store = store;
        this.batch = batch;
        this.server = server;
        this.key = new ByteKey(store.maxKeyBytes());
        this.maxValueBytes = store.maxValueBytes();
        this.value = new byte[Math.min(INITIAL_VALUE_BYTES, maxValueBytes)];
    }

    /**
     * Runs {@code request} (at least one argument) and writes its reply to {@code out}.
     *
     * @return false when the connection is to be closed once the reply is sent (QUIT)
     */
    // hot path: no allocation for GET and SET of keys and values within the limits
    boolean execute(RespRequest request, ByteBuf out) {
        int replyStart = out.writerIndex();
        try {
            if (batch != null && !request.is(0, SET) && !request.is(0, MSET)) {
                batch.commit(); // what it reads or removes includes the writes before it
            }
            if (request.is(0, GET)) {
                get(request, out);
            } else if (request.is(0, SET)) {
                set(request, out);
            } else if (request.is(0, DEL)) {
                delOrExists(request, out, true);
            } else if (request.is(0, EXISTS)) {
                delOrExists(request, out, false);
            } else if (request.is(0, MGET)) {
                mget(request, out);
            } else if (request.is(0, MSET)) {
                mset(request, out);
            } else if (request.is(0, DBSIZE)) {
                RespReplies.writeInteger(out, store.size());
            } else {
                return server.execute(request, out);
            }
        } catch (RuntimeException e) {
            // The store failed (closed, out of disk): this request gets an error instead of whatever
            // part of its reply was written, and the connection goes on.
            out.writerIndex(replyStart);
            RespReplies.writeError(out, "store failed: " + e.getMessage());
        }
        return true;
    }

    /** {@code -ERR wrong number of arguments for 'name' command}, as Redis words it. */
    static void wrongArity(RespRequest request, ByteBuf out) {
        RespReplies.writeError(out, "wrong number of arguments for '" + request.text(0, 64).toLowerCase(Locale.ROOT)
                + "' command");
    }

    // hot path: no allocation
    private void get(RespRequest request, ByteBuf out) {
        if (request.count() != 2) {
            wrongArity(request, out);
            return;
        }
        if (!loadKey(request, 1, out)) {
            return;
        }
        int length = read(out);
        if (length != MappedStore.ABSENT) {
            RespReplies.writeBulk(out, value, length);
        }
    }

    /** Reads the value of {@link #key} into {@link #value}; writes nil when absent. */
    // hot path: no allocation (once the array fits the values met)
    private int read(ByteBuf out) {
        int length = store.getIfFits(key, value);
        if (length > value.length) {
            value = new byte[maxValueBytes]; // once: from now on every value within the limit fits
            length = store.getIfFits(key, value);
        }
        if (length > value.length) {
            // stored by an earlier session with a higher --max-value
            throw new IllegalStateException("the value of key '" + key + "' has " + length
                    + " bytes, over this session's --max-value of " + maxValueBytes);
        }
        if (length == MappedStore.ABSENT) {
            out.writeBytes(RespReplies.NIL);
        }
        return length;
    }

    // hot path: no allocation
    private void set(RespRequest request, ByteBuf out) {
        int count = request.count();
        if (count < 3) {
            wrongArity(request, out);
            return;
        }
        PutCondition condition = PutCondition.ALWAYS;
        long expiresAt = 0;
        boolean expirySet = false;
        for (int arg = 3; arg < count; arg++) {
            if (request.is(arg, NX) || request.is(arg, XX)) {
                if (condition != PutCondition.ALWAYS) {
                    out.writeBytes(SYNTAX);
                    return;
                }
                condition = request.is(arg, NX) ? PutCondition.IF_ABSENT : PutCondition.IF_PRESENT;
            } else if (request.is(arg, EX) || request.is(arg, PX) || request.is(arg, EXAT) || request.is(arg, PXAT)) {
                if (expirySet || arg + 1 == count) {
                    out.writeBytes(SYNTAX);
                    return;
                }
                long amount = request.toLong(arg + 1);
                if (amount == Long.MIN_VALUE) {
                    out.writeBytes(NOT_AN_INTEGER);
                    return;
                }
                expiresAt = expiresAt(request, arg, amount);
                if (expiresAt <= 0) {
                    out.writeBytes(BAD_EXPIRE);
                    return;
                }
                expirySet = true;
                arg++;
            } else {
                RespReplies.writeError(out, "SET option '" + request.text(arg, 32)
                        + "' is not supported by this server (EX, PX, EXAT, PXAT, NX and XX are)");
                return;
            }
        }
        if (!loadKey(request, 1, out) || !loadValue(request, 2, out)) {
            return;
        }
        boolean stored = batch != null
                ? batch.put(key, value, 0, request.length(2), expiresAt, condition)
                : store.put(key, value, 0, request.length(2), expiresAt, condition);
        if (stored) {
            out.writeBytes(RespReplies.OK);
        } else {
            out.writeBytes(RespReplies.NIL);
        }
    }

    /** The expiry time in ms since 1970 that option {@code arg} with {@code amount} asks for; 0 or less when invalid. */
    private static long expiresAt(RespRequest request, int arg, long amount) {
        if (amount <= 0) {
            return 0;
        }
        boolean seconds = request.is(arg, EX) || request.is(arg, EXAT);
        if (seconds && amount > Long.MAX_VALUE / 1000 / 2) {
            return 0;
        }
        long millis = seconds ? amount * 1000 : amount;
        boolean relative = request.is(arg, EX) || request.is(arg, PX);
        return relative ? System.currentTimeMillis() + millis : millis;
    }

    private void delOrExists(RespRequest request, ByteBuf out, boolean delete) {
        if (request.count() < 2) {
            wrongArity(request, out);
            return;
        }
        long found = 0;
        for (int arg = 1; arg < request.count(); arg++) {
            if (!fitsKey(request, arg, out)) {
                return;
            }
        }
        for (int arg = 1; arg < request.count(); arg++) {
            loadKey(request, arg, out);
            found += (delete ? store.remove(key) : store.containsKey(key)) ? 1 : 0;
        }
        RespReplies.writeInteger(out, found);
    }

    private void mget(RespRequest request, ByteBuf out) {
        if (request.count() < 2) {
            wrongArity(request, out);
            return;
        }
        for (int arg = 1; arg < request.count(); arg++) {
            if (!fitsKey(request, arg, out)) {
                return;
            }
        }
        RespReplies.writeArrayHeader(out, request.count() - 1);
        for (int arg = 1; arg < request.count(); arg++) {
            loadKey(request, arg, out);
            int length = read(out);
            if (length != MappedStore.ABSENT) {
                RespReplies.writeBulk(out, value, length);
            }
        }
    }

    /** MSET checks every key and value first, then stores them one by one (not atomic as a whole, unlike Redis). */
    private void mset(RespRequest request, ByteBuf out) {
        int count = request.count();
        if (count < 3 || count % 2 == 0) {
            wrongArity(request, out);
            return;
        }
        for (int arg = 1; arg < count; arg += 2) {
            if (!fitsKey(request, arg, out) || !fitsValue(request, arg + 1, out)) {
                return;
            }
        }
        for (int arg = 1; arg < count; arg += 2) {
            loadKey(request, arg, out);
            loadValue(request, arg + 1, out);
            if (batch != null) {
                batch.put(key, value, 0, request.length(arg + 1), 0, PutCondition.ALWAYS);
            } else {
                store.put(key, value, 0, request.length(arg + 1));
            }
        }
        out.writeBytes(RespReplies.OK);
    }

    private boolean fitsKey(RespRequest request, int arg, ByteBuf out) {
        if (request.length(arg) > key.capacity()) {
            RespReplies.writeError(out, "key of " + request.length(arg) + " bytes is over this server's limit of "
                    + key.capacity() + " bytes (--max-key)");
            return false;
        }
        return true;
    }

    private boolean fitsValue(RespRequest request, int arg, ByteBuf out) {
        if (request.length(arg) > maxValueBytes) {
            RespReplies.writeError(out, "value of " + request.length(arg) + " bytes is over this server's limit of "
                    + maxValueBytes + " bytes (--max-value)");
            return false;
        }
        return true;
    }

    /** Copies argument {@code arg} into {@link #key}, or writes an error when it is too long. */
    // hot path: no allocation
    private boolean loadKey(RespRequest request, int arg, ByteBuf out) {
        if (!fitsKey(request, arg, out)) {
            return false;
        }
        request.copy(arg, key.array());
        key.setLength(request.length(arg));
        return true;
    }

    /** Copies argument {@code arg} into {@link #value}, or writes an error when it is too long. */
    // hot path: no allocation (once the array fits the values met)
    private boolean loadValue(RespRequest request, int arg, ByteBuf out) {
        if (!fitsValue(request, arg, out)) {
            return false;
        }
        int length = request.length(arg);
        if (length > value.length) {
            value = new byte[maxValueBytes];
        }
        request.copy(arg, value);
        return true;
    }
}
