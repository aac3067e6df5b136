package org.allocpool.echo.yaml;

import java.io.IOException;
import java.util.List;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.client.Frame;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.allocpool.echo.wire.TopOfBookLayout;

/**
 * Sends a scenario's events to an echo server one at a time, waiting for each reply, and writes
 * the replies as YAML ({@link ScenarioWriter}). Each event gets exactly one reply: its echo or an
 * error line. Not thread-safe; uses the connection it is given.
 */
public final class Replay {

    private Replay() {
    }

    /**
     * Replays {@code events} ({@link TopOfBook}s and {@link Message}s, as {@link ScenarioReader}
     * reads them) over {@code connection}; returns the replies as YAML.
     *
     * @throws IOException              when the connection fails
     * @throws IllegalStateException    when the server closes the connection or replies out of protocol,
     *                                  naming the document
     * @throws IllegalArgumentException before anything is sent, naming the first entry that is not
     *                                  an event (an {@link ErrorReply} of an output read back)
     */
    public static String run(List<Object> events, EchoConnection connection) throws IOException {
        refuseNonEvents(events);
        ScenarioWriter out = new ScenarioWriter();
        int document = 0;
        for (Object event : events) {
            document++;
            if (event instanceof TopOfBook t) {
                connection.send(t);
            } else {
                connection.send((Message) event);
            }
            Frame reply = connection.receive();
            if (reply == null) {
                throw new IllegalStateException("the server closed the connection after event " + document
                        + " (see its log; a frame longer than its --max-frame does that)");
            }
            switch (reply.type()) {
                case FrameType.TOP_OF_BOOK -> out.topOfBook(topOfBook(reply, document));
                case FrameType.MESSAGE -> out.message(message(reply, document));
                case FrameType.ERROR -> out.error(reply.text());
                default -> throw new IllegalStateException("the server replied to event " + document + " with a "
                        + FrameType.describe(reply.type()) + " frame");
            }
        }
        return out.text();
    }

    private static void refuseNonEvents(List<Object> events) {
        int number = 0;
        for (Object event : events) {
            number++;
            if (event instanceof ErrorReply) {
                throw new IllegalArgumentException("event " + number + " is an error reply, which only a server "
                        + "sends; replay topOfBook and message documents");
            }
            if (!(event instanceof TopOfBook) && !(event instanceof Message)) {
                throw new IllegalArgumentException("event " + number + " is not an event: " + event);
            }
        }
    }

    private static TopOfBook topOfBook(Frame reply, int document) {
        if (reply.body().length != TopOfBookLayout.BODY_BYTES) {
            throw new IllegalStateException("the reply to event " + document + " has a top-of-book body of "
                    + reply.body().length + " bytes");
        }
        return TopOfBookCodec.decode(io.netty.buffer.Unpooled.wrappedBuffer(reply.body()), 0, new TopOfBook());
    }

    private static Message message(Frame reply, int document) {
        if (reply.body().length < org.allocpool.echo.wire.MessageLayout.PAYLOAD) {
            throw new IllegalStateException("the reply to event " + document + " has a message body of "
                    + reply.body().length + " bytes");
        }
        return MessageCodec.decode(io.netty.buffer.Unpooled.wrappedBuffer(reply.body()), 0, reply.body().length,
                new Message(reply.body().length));
    }
}
