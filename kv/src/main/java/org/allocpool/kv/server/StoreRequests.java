package org.allocpool.kv.server;

import static org.allocpool.kv.server.BinaryProtocol.KEY_OFFSET;
import static org.allocpool.kv.server.BinaryProtocol.OP_DELETE;
import static org.allocpool.kv.server.BinaryProtocol.OP_GET;
import static org.allocpool.kv.server.BinaryProtocol.OP_OFFSET;
import static org.allocpool.kv.server.BinaryProtocol.OP_PUT;
import static org.allocpool.kv.server.BinaryProtocol.REPLY_HEADER;
import static org.allocpool.kv.server.BinaryProtocol.REQUEST_HEADER;
import static org.allocpool.kv.server.BinaryProtocol.STATUS_BAD_REQUEST;
import static org.allocpool.kv.server.BinaryProtocol.STATUS_NOT_FOUND;
import static org.allocpool.kv.server.BinaryProtocol.STATUS_OK;
import static org.allocpool.kv.server.BinaryProtocol.STATUS_SERVER_ERROR;
import static org.allocpool.kv.server.BinaryProtocol.STATUS_TOO_LARGE;
import static org.allocpool.kv.server.BinaryProtocol.VALUE_OFFSET;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.SyncBatch;

/**
 * Runs one binary-protocol request against the store and builds its reply frame: the server's hot
 * path. Values are never decoded: a PUT stores the bytes received, a GET copies the stored bytes
 * into the reply.
 *
 * <p>Not thread-safe: one instance per connection (it owns the array values are copied through),
 * used by that connection's event-loop thread; the store itself is shared. The reply buffer
 * comes from the given allocator and belongs to the caller (Netty releases it once written).
 */
final class StoreRequests {

    /** Big-endian as ByteBuf.getLong, so the bytes land in their order. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final MappedStore store;
    private final int maxValueBytes;
    private final CopyBuffer copy;
    /** The connection's group commit in sync mode ({@link CommitBeforeFlush}), else null: each PUT is one store call. */
    private final SyncBatch batch;

    StoreRequests(MappedStore store) {
        this(store, null);
    }

    /** Runs PUTs through {@code batch} (null: straight to the store); GET and DELETE commit it first, to see them. */
    StoreRequests(MappedStore store, SyncBatch batch) {
        this.store = store;
        this.maxValueBytes = store.maxValueBytes();
        this.copy = new CopyBuffer(store);
        this.batch = batch;
    }

    /**
     * Runs the request in {@code frame} (the bytes after the length field, at least
     * {@link BinaryProtocol#REQUEST_HEADER} of them) and returns its reply frame, length field included.
     */
    // hot path: no allocation (beside the pooled reply buffer)
    ByteBuf execute(ByteBuf frame, ByteBufAllocator alloc) {
        int start = frame.readerIndex();
        byte op = frame.getByte(start + OP_OFFSET);
        long key = frame.getLong(start + KEY_OFFSET);
        int valueBytes = frame.readableBytes() - REQUEST_HEADER;
        return switch (op) {
            case OP_GET -> valueBytes == 0 ? get(key, alloc) : refuse(alloc, STATUS_BAD_REQUEST, "GET carries no value");
            case OP_PUT -> put(key, frame, start + VALUE_OFFSET, valueBytes, alloc);
            case OP_DELETE -> valueBytes == 0 ? delete(key, alloc) : refuse(alloc, STATUS_BAD_REQUEST, "DELETE carries no value");
            default -> refuse(alloc, STATUS_BAD_REQUEST, "unknown op " + op + "; allowed: 1 (GET), 2 (PUT), 3 (DELETE)");
        };
    }

    private ByteBuf get(long key, ByteBufAllocator alloc) {
        // Copied out under the store's own locking, not through a zero-copy view: a view would race a
        // PUT of the same key from another event loop. The copy is of a few dozen bytes.
        int length;
        try {
            if (batch != null) {
                batch.commit(); // the PUTs before it on this connection
            }
            length = copy.copy(key);
        } catch (RuntimeException e) {
            return refuse(alloc, STATUS_SERVER_ERROR, "cannot read key " + key + ": " + e.getMessage());
        }
        if (length == MappedStore.ABSENT) {
            return status(alloc, STATUS_NOT_FOUND);
        }
        ByteBuf reply = alloc.buffer(BinaryProtocol.LENGTH_FIELD + REPLY_HEADER + length);
        reply.writeInt(REPLY_HEADER + length).writeByte(STATUS_OK).writeBytes(copy.bytes(), 0, length);
        return reply;
    }

    private ByteBuf put(long key, ByteBuf frame, int valueIndex, int valueBytes, ByteBufAllocator alloc) {
        if (valueBytes > maxValueBytes) {
            return refuse(alloc, STATUS_TOO_LARGE, "value of " + valueBytes + " bytes is over the store's limit of "
                    + maxValueBytes);
        }
        byte[] array;
        int offset;
        if (frame.hasArray()) {
            array = frame.array();
            offset = frame.arrayOffset() + valueIndex;
        } else {
            array = copy.bytes(valueBytes);
            offset = 0;
            copyOut(frame, valueIndex, array, valueBytes);
        }
        try {
            if (batch != null) {
                batch.put(key, array, offset, valueBytes); // durable when the replies are flushed
            } else {
                store.put(key, array, offset, valueBytes); // one call site for both kinds of frame
            }
        } catch (IllegalArgumentException e) {
            return refuse(alloc, STATUS_TOO_LARGE, e.getMessage());
        } catch (RuntimeException e) {
            return refuse(alloc, STATUS_SERVER_ERROR, "store failed: " + e);
        }
        return status(alloc, STATUS_OK);
    }

    /**
     * Copies {@code length} bytes of direct memory (what sockets read into) to {@code dst}, eight at a
     * time: without Unsafe, Netty's {@code getBytes(int, byte[], ...)} and {@code internalNioBuffer}
     * on a slice allocate a ByteBuffer per call (measured), {@code getLong} does not.
     */
    // hot path: no allocation
    private static void copyOut(ByteBuf src, int index, byte[] dst, int length) {
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            LONGS.set(dst, i, src.getLong(index + i));
        }
        for (; i < length; i++) {
            dst[i] = src.getByte(index + i);
        }
    }

    private ByteBuf delete(long key, ByteBufAllocator alloc) {
        if (batch != null) {
            batch.commit(); // the PUTs before it on this connection
        }
        return status(alloc, store.remove(key) ? STATUS_OK : STATUS_NOT_FOUND);
    }

    private static ByteBuf status(ByteBufAllocator alloc, byte status) {
        ByteBuf reply = alloc.buffer(BinaryProtocol.LENGTH_FIELD + REPLY_HEADER);
        return reply.writeInt(REPLY_HEADER).writeByte(status);
    }

    /** An error reply carrying a UTF-8 message (off the hot path: allocates the message). */
    static ByteBuf refuse(ByteBufAllocator alloc, byte status, String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        ByteBuf reply = alloc.buffer(BinaryProtocol.LENGTH_FIELD + REPLY_HEADER + text.length);
        return reply.writeInt(REPLY_HEADER + text.length).writeByte(status).writeBytes(text);
    }
}
