package org.allocpool.kv.server;

/**
 * The layout of the binary TCP protocol of {@code kv serve}: one request frame, one reply frame.
 * Every integer is <b>big-endian</b> (network byte order, Netty's and {@link java.io.DataInputStream}'s).
 *
 * <pre>
 * request frame
 *   0              4      5                    13
 *   +--------------+------+--------------------+---------------------+
 *   | length (int) |  op  |     key (long)     | value bytes ...     |
 *   +--------------+------+--------------------+---------------------+
 *   length = the bytes after the length field = 1 + 8 + value bytes
 *            (exactly 9 for GET and DELETE, which carry no value)
 *
 * reply frame
 *   0              4        5
 *   +--------------+--------+---------------------+
 *   | length (int) | status | value bytes ...     |
 *   +--------------+--------+---------------------+
 *   length = 1 + value bytes; the value is the stored bytes (GET, OK), a UTF-8 error message
 *            (BAD_REQUEST, TOO_LARGE, BAD_FRAME, SERVER_ERROR) or nothing
 * </pre>
 *
 * <p>A request frame longer than the server's maximum, or with a length under {@link #REQUEST_HEADER},
 * gets one BAD_FRAME or TOO_LARGE reply, then its connection is closed (the stream cannot be
 * resynchronised). A well-framed but bad request (unknown op, a GET with a value, a value over the
 * store's limit) gets an error reply and the connection is served on. Values are opaque bytes: the
 * server stores what it received.
 *
 * <p><b>Pipelining: replies in request order, no request id.</b> A client may send any number of
 * requests without waiting. The server runs one connection's requests one after another, in the order
 * they arrived (a connection belongs to one event-loop thread, and each request is a synchronous store
 * call), and writes every request's reply, error replies included, in that order: the n-th reply on a
 * connection answers the n-th request. The replies to the requests that one read of the socket brought
 * go out in one flush, so a pipelined batch costs the server one read and one write. A frame that ends
 * the connection is answered after every request before it, and nothing after it is run. There is no
 * request id because nothing would ever be answered out of order: an id would cost bytes in every frame
 * and a format change for nothing. The price of in-order replies is head-of-line blocking: with sync
 * durability the disk writes of a read's PUTs (group-committed once per event-loop turn, see
 * {@link LoopCommit}) hold up the requests behind them on their connection.
 *
 * <p>A server stops reading a connection whose replies not yet sent pass 64 KiB (Netty's default write
 * high-water mark) until its client reads them. A client that sends without reading can then block in
 * its own write: keep the replies in flight under 64 KiB, or read replies between writes.
 *
 * <p>Constants only; thread-safe.
 */
public final class BinaryProtocol {

    /** Bytes of the length field that starts every frame. */
    public static final int LENGTH_FIELD = Integer.BYTES;
    /** Offset of the op byte inside a request (after the length field). */
    public static final int OP_OFFSET = 0;
    /** Offset of the key inside a request (after the length field). */
    public static final int KEY_OFFSET = 1;
    /** Offset of the value inside a request (after the length field). */
    public static final int VALUE_OFFSET = 9;
    /** The smallest request length: op and key. */
    public static final int REQUEST_HEADER = VALUE_OFFSET;
    /** Offset of the value inside a reply (after the length field). */
    public static final int REPLY_VALUE_OFFSET = 1;
    /** The smallest reply length: the status byte. */
    public static final int REPLY_HEADER = REPLY_VALUE_OFFSET;

    /** Reads the value stored under the key. Replies OK with the value, or NOT_FOUND. */
    public static final byte OP_GET = 1;
    /** Stores the value under the key (replacing any). Replies OK, or TOO_LARGE with a message. */
    public static final byte OP_PUT = 2;
    /** Removes the key. Replies OK if it was there, NOT_FOUND if not. */
    public static final byte OP_DELETE = 3;

    public static final byte STATUS_OK = 0;
    public static final byte STATUS_NOT_FOUND = 1;
    /** A well-framed request the server cannot run (unknown op, a GET or DELETE with a value). */
    public static final byte STATUS_BAD_REQUEST = 2;
    /** A value over the store's limit (connection served on), or a frame over the maximum (closed). */
    public static final byte STATUS_TOO_LARGE = 3;
    /** A frame length under {@link #REQUEST_HEADER} (negative included): the connection is closed. */
    public static final byte STATUS_BAD_FRAME = 4;
    /** The store failed (an I/O error): the message says how. */
    public static final byte STATUS_SERVER_ERROR = 5;

    private BinaryProtocol() {
    }

    /** The name of a status byte, for messages. */
    public static String statusName(int status) {
        return switch (status) {
            case STATUS_OK -> "OK";
            case STATUS_NOT_FOUND -> "NOT_FOUND";
            case STATUS_BAD_REQUEST -> "BAD_REQUEST";
            case STATUS_TOO_LARGE -> "TOO_LARGE";
            case STATUS_BAD_FRAME -> "BAD_FRAME";
            case STATUS_SERVER_ERROR -> "SERVER_ERROR";
            default -> "status " + status;
        };
    }

    /** The frame length (after the length field) that carries {@code valueBytes} bytes of value. */
    public static int requestLength(int valueBytes) {
        return REQUEST_HEADER + valueBytes;
    }
}
