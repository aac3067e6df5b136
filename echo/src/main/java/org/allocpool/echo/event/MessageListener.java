package org.allocpool.echo.event;

/**
 * Receives opaque messages. The message is lent for the call only: it is reused for the next one,
 * so a listener that keeps it must copy it. Called on one I/O thread per connection.
 */
@FunctionalInterface
public interface MessageListener {

    void message(Message message);
}
