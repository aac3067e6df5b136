package org.allocpool.kv.server;

import java.io.IOException;

/**
 * The server refused a request: the reply's status byte and the message it carried.
 * Immutable.
 */
public final class KvReplyException extends IOException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public KvReplyException(int status, String message) {
        super(BinaryProtocol.statusName(status) + ": " + message);
        this.status = status;
    }

    /** The status byte of the reply ({@link BinaryProtocol}'s {@code STATUS_*}). */
    public int status() {
        return status;
    }
}
