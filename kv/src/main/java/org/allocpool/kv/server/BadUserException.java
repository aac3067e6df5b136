package org.allocpool.kv.server;

/**
 * A JSON body that is not a valid user: the message names the field and what was wrong with it,
 * and is sent back to the client as the HTTP 400 message. Immutable.
 */
public final class BadUserException extends Exception {

    private static final long serialVersionUID = 1L;

    public BadUserException(String message) {
        super(message, null, false, false);
    }
}
