package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;

/** The readable bytes of a buffer as an array, without moving its indexes (tests). Stateless. */
final class ByteBufs {

    private ByteBufs() {
    }

    static byte[] bytes(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        return bytes;
    }
}
