package org.allocpool.echo.server;

import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.MessageListener;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.event.TopOfBookListener;

/**
 * The microservice of the articles: receives each event through its listener interface and sends
 * it straight back through {@code out}. With {@code copyPerEvent} it first makes a deep copy and
 * keeps it as the connection's last event, as a service that hands events to another stage must:
 * that one new, escaping object per event is what the Chronicle article measured (a copy that
 * never escaped would be removed by the JIT and cost nothing). One per connection; I/O thread only.
 */
final class EchoService implements TopOfBookListener, MessageListener {

    private final boolean copyPerEvent;
    private final TopOfBookListener topOfBookOut;
    private final MessageListener messageOut;
    private Object lastCopy;

    EchoService(boolean copyPerEvent, TopOfBookListener topOfBookOut, MessageListener messageOut) {
        this.copyPerEvent = copyPerEvent;
        this.topOfBookOut = topOfBookOut;
        this.messageOut = messageOut;
    }

    // hot path: no allocation unless copyPerEvent
    @Override
    public void topOfBook(TopOfBook topOfBook) {
        if (copyPerEvent) {
            TopOfBook copy = topOfBook.deepCopy();
            lastCopy = copy;
            topOfBookOut.topOfBook(copy);
        } else {
            topOfBookOut.topOfBook(topOfBook);
        }
    }

    // hot path: no allocation unless copyPerEvent
    @Override
    public void message(Message message) {
        if (copyPerEvent) {
            Message copy = message.deepCopy();
            lastCopy = copy;
            messageOut.message(copy);
        } else {
            messageOut.message(message);
        }
    }

    /** The copy made for the last event, or null (kept so that the copy escapes, as it would in a real service). */
    Object lastCopy() {
        return lastCopy;
    }
}
