package org.allocpool.kv.server;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.allocpool.kv.store.MappedStore;

/**
 * A blocking client of the binary protocol ({@link BinaryProtocol}) over one connection, used one
 * request at a time ({@link #get}, {@link #put}, {@link #delete}: send, then wait for the reply) or
 * pipelined: {@link #queueGet}, {@link #queuePut} and {@link #queueDelete} buffer requests without
 * waiting, {@link #flush} sends them in one write, and {@link #readGet}, {@link #readPut} and
 * {@link #readDelete} read their replies, oldest first (the server answers in request order).
 * Both ways allocate nothing once connected (the caller gives the value arrays; measured by
 * {@code KvClientAllocationTest}); a refused request throws {@link KvReplyException} with the
 * server's message, after its reply has been consumed, so a pipeline stays in step.
 *
 * <p>A pipeline cannot deadlock while its replies in flight stay under the server's 64 KiB write
 * high-water mark (past it, the server stops reading until this client reads): keep the depth times
 * the reply size under that, or read replies as they come ({@link #isReplyBuffered}).
 *
 * <p>Not thread-safe: one client per thread. It owns its socket; {@link #close} closes it.
 */
public final class KvClient implements AutoCloseable {

    /** The longest reply read: a bigger length means the stream is not this protocol. */
    private static final int MAX_REPLY_BYTES = 64 * 1024 * 1024;

    private final Socket socket;
    private final DataOutputStream out;
    private final ReplyInput buffer;
    private final DataInputStream in;
    private final PendingOps pending = new PendingOps();
    private boolean unflushed;
    private int status = -1;

    private KvClient(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16 * 1024));
        this.buffer = new ReplyInput(socket.getInputStream(), 16 * 1024);
        this.in = new DataInputStream(buffer);
    }

    /** Connects to a kv server's binary port. */
    public static KvClient connect(InetSocketAddress address) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, 10_000);
            return new KvClient(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** Connects to a kv server's binary port. */
    public static KvClient connect(String host, int port) throws IOException {
        return connect(new InetSocketAddress(host, port));
    }

    /**
     * Reads the value under {@code key} into {@code dst}.
     *
     * @return the value's length, or {@link MappedStore#ABSENT} when there is none
     * @throws IllegalArgumentException when the value is longer than {@code dst} (the reply is consumed)
     * @throws IllegalStateException when pipelined requests are in flight
     */
    // hot path: no allocation
    public int get(long key, byte[] dst) throws IOException {
        requireNoneInFlight();
        queueGet(key);
        return readGet(dst);
    }

    /** The value under {@code key}, or null when there is none (allocates the array). */
    public byte[] get(long key) throws IOException {
        requireNoneInFlight();
        queueGet(key);
        int length = readReplyHeader(BinaryProtocol.OP_GET);
        byte[] value = new byte[length];
        in.readFully(value);
        return status == BinaryProtocol.STATUS_NOT_FOUND ? null : value;
    }

    /** Stores {@code length} bytes of {@code value} from {@code offset} under {@code key}. */
    // hot path: no allocation
    public void put(long key, byte[] value, int offset, int length) throws IOException {
        requireNoneInFlight();
        queuePut(key, value, offset, length);
        readPut();
    }

    /** Stores the whole of {@code value} under {@code key}. */
    public void put(long key, byte[] value) throws IOException {
        put(key, value, 0, value.length);
    }

    /** Removes {@code key}; true if it was there. */
    // hot path: no allocation
    public boolean delete(long key) throws IOException {
        requireNoneInFlight();
        queueDelete(key);
        return readDelete();
    }

    /**
     * Buffers a GET of {@code key}, sent by the next {@link #flush} (or read, or when the 16 KiB
     * buffer fills); read its reply with {@link #readGet}.
     */
    // hot path: no allocation
    public void queueGet(long key) throws IOException {
        queue(BinaryProtocol.OP_GET, key, null, 0, 0);
    }

    /**
     * Buffers a PUT of {@code length} bytes of {@code value} from {@code offset}, copied now, so the
     * array may be reused at once; read its reply with {@link #readPut}.
     */
    // hot path: no allocation
    public void queuePut(long key, byte[] value, int offset, int length) throws IOException {
        queue(BinaryProtocol.OP_PUT, key, value, offset, length);
    }

    /** Buffers a DELETE of {@code key}; read its reply with {@link #readDelete}. */
    // hot path: no allocation
    public void queueDelete(long key) throws IOException {
        queue(BinaryProtocol.OP_DELETE, key, null, 0, 0);
    }

    /** Sends every buffered request (one write when they fit the 16 KiB buffer). */
    // hot path: no allocation
    public void flush() throws IOException {
        out.flush();
        unflushed = false;
    }

    /**
     * Reads the reply to the oldest request in flight, which must be a GET, into {@code dst}
     * (flushing first if requests are still buffered).
     *
     * @return the value's length, or {@link MappedStore#ABSENT} when there is none
     * @throws IllegalArgumentException when the value is longer than {@code dst} (the reply is consumed)
     * @throws IllegalStateException when no request is in flight, or the oldest is not a GET
     */
    // hot path: no allocation
    public int readGet(byte[] dst) throws IOException {
        long key = pending.size() > 0 ? pending.oldestKey() : 0;
        int length = readReplyHeader(BinaryProtocol.OP_GET);
        if (status == BinaryProtocol.STATUS_NOT_FOUND) {
            in.skipNBytes(length);
            return MappedStore.ABSENT;
        }
        if (length > dst.length) {
            in.skipNBytes(length);
            throw new IllegalArgumentException("value of key " + key + " is " + length + " bytes, over the "
                    + dst.length + " of the array given");
        }
        in.readFully(dst, 0, length);
        return length;
    }

    /** Reads the reply to the oldest request in flight, which must be a PUT. */
    // hot path: no allocation
    public void readPut() throws IOException {
        in.skipNBytes(readReplyHeader(BinaryProtocol.OP_PUT));
    }

    /** Reads the reply to the oldest request in flight, which must be a DELETE; true if the key was there. */
    // hot path: no allocation
    public boolean readDelete() throws IOException {
        in.skipNBytes(readReplyHeader(BinaryProtocol.OP_DELETE));
        return status == BinaryProtocol.STATUS_OK;
    }

    /** Requests sent or buffered whose replies have not been read yet. */
    public int inFlight() {
        return pending.size();
    }

    /**
     * True when bytes of the next reply have already been received: reading it waits at most for the
     * rest of that reply, never for the server to run another request. A pipelining caller reads
     * while this holds, then sends more in one write.
     */
    // hot path: no allocation
    public boolean isReplyBuffered() {
        return pending.size() > 0 && buffer.buffered() > 0;
    }

    /** The status byte of the last reply ({@link BinaryProtocol}'s {@code STATUS_*}), -1 before any. */
    public int status() {
        return status;
    }

    private void requireNoneInFlight() {
        if (pending.size() > 0) {
            throw new IllegalStateException(pending.size()
                    + " pipelined requests are in flight: read their replies before a one-at-a-time request");
        }
    }

    private void queue(byte op, long key, byte[] value, int offset, int length) throws IOException {
        out.writeInt(BinaryProtocol.requestLength(length));
        out.writeByte(op);
        out.writeLong(key);
        if (length > 0) {
            out.write(value, offset, length);
        }
        pending.add(op, key);
        unflushed = true;
    }

    /**
     * Reads the length and status of the reply to the oldest request in flight, which must be
     * {@code op}; returns the value bytes that follow (OK, NOT_FOUND). An error reply is consumed
     * and thrown as a {@link KvReplyException}.
     */
    private int readReplyHeader(byte op) throws IOException {
        if (pending.size() == 0) {
            throw new IllegalStateException("no request in flight to read the reply of");
        }
        if (pending.oldest() != op) {
            throw new IllegalStateException("the oldest request in flight is a " + opName(pending.oldest())
                    + ", not a " + opName(op));
        }
        if (unflushed) {
            flush();
        }
        pending.removeOldest();
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            throw new EOFException("the server closed the connection");
        }
        if (length < BinaryProtocol.REPLY_HEADER || length > MAX_REPLY_BYTES) {
            throw new IOException("bad reply length " + length + "; is this a kv server's binary port?");
        }
        status = in.readUnsignedByte();
        int valueBytes = length - BinaryProtocol.REPLY_HEADER;
        if (status == BinaryProtocol.STATUS_OK || status == BinaryProtocol.STATUS_NOT_FOUND) {
            return valueBytes;
        }
        byte[] message = new byte[valueBytes];
        in.readFully(message);
        throw new KvReplyException(status, new String(message, StandardCharsets.UTF_8));
    }

    private static String opName(byte op) {
        return switch (op) {
            case BinaryProtocol.OP_GET -> "GET";
            case BinaryProtocol.OP_PUT -> "PUT";
            case BinaryProtocol.OP_DELETE -> "DELETE";
            default -> "op " + op;
        };
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
