package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import org.allocpool.echo.event.Message;

/**
 * Encodes and decodes {@link Message} frames ({@link MessageLayout}). Stateless and thread-safe;
 * the buffers belong to the caller.
 */
public final class MessageCodec {

    private MessageCodec() {
    }

    /** Bytes of the whole frame of {@code message}. */
    public static int frameBytes(Message message) {
        return FrameLayout.frameBytes(MessageLayout.bodyBytes(message.length()));
    }

    // hot path: no allocation
    /** Writes a whole frame (header and body) at {@code out}'s writer index, which it advances. */
    public static void encode(Message message, ByteBuf out) {
        out.writeInt(FrameLayout.lengthField(MessageLayout.bodyBytes(message.length())));
        out.writeByte(FrameType.MESSAGE);
        out.writeLong(message.sendingTimeNS());
        out.ensureWritable(message.length());
        WordCopy.copy(message.payload(), message.length(), out, out.writerIndex());
        out.writerIndex(out.writerIndex() + message.length());
    }

    // hot path: no allocation (once the message's array is long enough)
    /** Fills {@code into} from the body of {@code bodyBytes} at absolute {@code index} of {@code in}. */
    public static Message decode(ByteBuf in, int index, int bodyBytes, Message into) {
        int payload = bodyBytes - MessageLayout.PAYLOAD;
        into.sendingTimeNS(in.getLong(index + MessageLayout.SENDING_TIME_NS));
        WordCopy.copy(in, index + MessageLayout.PAYLOAD, into.resize(payload), payload);
        return into;
    }
}
