package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import org.allocpool.echo.event.TopOfBook;

/**
 * Encodes and decodes {@link TopOfBook} frames ({@link TopOfBookLayout}) with a {@link ByteBuf}'s
 * big-endian accessors. Stateless and thread-safe; the buffers belong to the caller.
 */
public final class TopOfBookCodec {

    /** Bytes of one whole top-of-book frame: 49. */
    public static final int FRAME_BYTES = FrameLayout.frameBytes(TopOfBookLayout.BODY_BYTES);

    private TopOfBookCodec() {
    }

    // hot path: no allocation
    /** Writes a whole frame (header and body) at {@code out}'s writer index, which it advances. */
    public static void encode(TopOfBook event, ByteBuf out) {
        out.ensureWritable(FRAME_BYTES);
        out.writeInt(FrameLayout.lengthField(TopOfBookLayout.BODY_BYTES));
        out.writeByte(FrameType.TOP_OF_BOOK);
        int body = out.writerIndex();
        out.setLong(body + TopOfBookLayout.SENDING_TIME_NS, event.sendingTimeNS());
        out.setLong(body + TopOfBookLayout.SYMBOL, event.symbol());
        out.setInt(body + TopOfBookLayout.ECN, event.ecn());
        out.setDouble(body + TopOfBookLayout.BID_PRICE, event.bidPrice());
        out.setDouble(body + TopOfBookLayout.ASK_PRICE, event.askPrice());
        out.setInt(body + TopOfBookLayout.BID_QUANTITY, event.bidQuantity());
        out.setInt(body + TopOfBookLayout.ASK_QUANTITY, event.askQuantity());
        out.writerIndex(body + TopOfBookLayout.BODY_BYTES);
    }

    // hot path: no allocation
    /** Fills {@code into} from the 44-byte body at absolute {@code index} of {@code in}; moves no index. */
    public static TopOfBook decode(ByteBuf in, int index, TopOfBook into) {
        return into.sendingTimeNS(in.getLong(index + TopOfBookLayout.SENDING_TIME_NS))
                .symbol(in.getLong(index + TopOfBookLayout.SYMBOL))
                .ecn(in.getInt(index + TopOfBookLayout.ECN))
                .bidPrice(in.getDouble(index + TopOfBookLayout.BID_PRICE))
                .askPrice(in.getDouble(index + TopOfBookLayout.ASK_PRICE))
                .bidQuantity(in.getInt(index + TopOfBookLayout.BID_QUANTITY))
                .askQuantity(in.getInt(index + TopOfBookLayout.ASK_QUANTITY));
    }
}
