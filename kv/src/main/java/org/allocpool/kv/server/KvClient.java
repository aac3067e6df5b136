package org.allocpool.kv.server;

import java.io.BufferedInputStream;
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
 * A blocking client of the binary protocol ({@link BinaryProtocol}): one connection, one request at
 * a time. GET, PUT and DELETE allocate nothing once connected (the caller gives the value arrays);
 * a refused request throws {@link KvReplyException} with the server's message.
 *
 * <p>Not thread-safe: one client per thread. It owns its socket; {@link #close} closes it.
 */
public final class KvClient implements AutoCloseable {

    /** The longest reply read: a bigger length means the stream is not this protocol. */
    private static final int MAX_REPLY_BYTES = 64 * 1024 * 1024;

    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;
    private int status = -1;

    private KvClient(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16 * 1024));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 16 * 1024));
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
     */
    // hot path: no allocation
    public int get(long key, byte[] dst) throws IOException {
        send(BinaryProtocol.OP_GET, key, null, 0, 0);
        int length = readReplyHeader();
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

    /** The value under {@code key}, or null when there is none (allocates the array). */
    public byte[] get(long key) throws IOException {
        send(BinaryProtocol.OP_GET, key, null, 0, 0);
        int length = readReplyHeader();
        byte[] value = new byte[length];
        in.readFully(value);
        return status == BinaryProtocol.STATUS_NOT_FOUND ? null : value;
    }

    /** Stores {@code length} bytes of {@code value} from {@code offset} under {@code key}. */
    // hot path: no allocation
    public void put(long key, byte[] value, int offset, int length) throws IOException {
        send(BinaryProtocol.OP_PUT, key, value, offset, length);
        in.skipNBytes(readReplyHeader());
    }

    /** Stores the whole of {@code value} under {@code key}. */
    public void put(long key, byte[] value) throws IOException {
        put(key, value, 0, value.length);
    }

    /** Removes {@code key}; true if it was there. */
    // hot path: no allocation
    public boolean delete(long key) throws IOException {
        send(BinaryProtocol.OP_DELETE, key, null, 0, 0);
        in.skipNBytes(readReplyHeader());
        return status == BinaryProtocol.STATUS_OK;
    }

    /** The status byte of the last reply ({@link BinaryProtocol}'s {@code STATUS_*}), -1 before any. */
    public int status() {
        return status;
    }

    private void send(byte op, long key, byte[] value, int offset, int length) throws IOException {
        out.writeInt(BinaryProtocol.requestLength(length));
        out.writeByte(op);
        out.writeLong(key);
        if (length > 0) {
            out.write(value, offset, length);
        }
        out.flush();
    }

    /** Reads a reply's length and status; returns the value bytes that follow (OK, NOT_FOUND). */
    private int readReplyHeader() throws IOException {
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

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
