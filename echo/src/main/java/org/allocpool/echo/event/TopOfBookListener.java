package org.allocpool.echo.event;

/**
 * Receives top-of-book events, as an asynchronous call would (the Chronicle article's
 * {@code TopOfBookListener}). The event is lent for the call only: it is reused for the next
 * event, so a listener that keeps it must copy it. Called on one I/O thread per connection.
 */
@FunctionalInterface
public interface TopOfBookListener {

    void topOfBook(TopOfBook topOfBook);
}
