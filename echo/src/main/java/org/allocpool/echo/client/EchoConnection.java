package org.allocpool.echo.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.allocpool.metrics.result.RecordJson;

/**
 * A plain blocking connection to an echo server, one request then its reply: for replaying
 * scenarios, asking for STATS and tests. Allocates per call (it is not a load client). Not
 * thread-safe; owns its socket, closed by {@link #close}.
 */
public final class EchoConnection implements AutoCloseable {

    /** Longest reply this client reads. */
    private static final int MAX_REPLY = 64 * 1024 * 1024;

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;

    private EchoConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    }

    /** Connects to {@code address}; a reply that takes longer than {@code timeoutMs} fails the read. */
    public static EchoConnection open(InetSocketAddress address, int timeoutMs) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, timeoutMs);
            socket.setSoTimeout(timeoutMs);
            return new EchoConnection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    public void send(TopOfBook event) throws IOException {
        ByteBuf frame = Unpooled.buffer(TopOfBookCodec.FRAME_BYTES);
        TopOfBookCodec.encode(event, frame);
        write(frame);
    }

    public void send(Message message) throws IOException {
        ByteBuf frame = Unpooled.buffer(MessageCodec.frameBytes(message));
        MessageCodec.encode(message, frame);
        write(frame);
    }

    /** Sends raw bytes as they are (tests: broken or oversized frames). */
    public void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next frame, or {@code null} when the server closed the connection. */
    public Frame receive() throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException closed) {
            return null;
        }
        if (length < 1 || length > MAX_REPLY) {
            throw new IOException("the server sent a frame length of " + length);
        }
        byte type = in.readByte();
        byte[] body = new byte[length - 1];
        in.readFully(body);
        return new Frame(type, body);
    }

    /**
     * Asks for STATS with the garbage collections of {@code [sinceNs, untilNs]} (server clock, epoch
     * nanoseconds, 0 for open ends) and returns the answer as JSON.
     */
    public JsonNode stats(long sinceNs, long untilNs) throws IOException {
        ByteBuf frame = Unpooled.buffer(FrameLayout.frameBytes(16));
        frame.writeInt(FrameLayout.lengthField(16)).writeByte(FrameType.STATS_REQUEST).writeLong(sinceNs).writeLong(untilNs);
        write(frame);
        Frame reply = receive();
        if (reply == null) {
            throw new IOException("the server closed the connection instead of answering STATS");
        }
        if (reply.type() != FrameType.STATS_ANSWER) {
            throw new IOException("the server answered STATS with a " + FrameType.describe(reply.type()) + " frame: "
                    + reply.text());
        }
        return RecordJson.parse(reply.text());
    }

    private void write(ByteBuf frame) throws IOException {
        out.write(frame.array(), frame.arrayOffset() + frame.readerIndex(), frame.readableBytes());
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
