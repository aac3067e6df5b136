package org.allocpool.kv.server;

/**
 * A RESP request that cannot be read on from: the connection gets {@code -ERR Protocol error: ...}
 * and is closed, as Redis does. Immutable; no stack trace (it is a reply, not a bug).
 */
final class RespProtocolException extends Exception {

    RespProtocolException(String message) {
        super("Protocol error: " + message, null, false, false);
    }
}
