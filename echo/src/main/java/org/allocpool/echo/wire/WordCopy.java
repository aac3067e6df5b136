package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Copies bytes between buffers and arrays eight at a time through absolute {@code getLong} /
 * {@code setLong}. Netty's own bulk copies between direct buffers go through
 * {@code nioBuffers()}, which without {@code sun.misc.Unsafe} (JDK 25's default for Netty 4.2)
 * allocates {@code ByteBuffer} slices on every call; these loops allocate nothing, whatever the
 * buffers. Stateless and thread-safe.
 */
public final class WordCopy {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private WordCopy() {
    }

    // hot path: no allocation
    /** Copies {@code [srcIndex, srcIndex + length)} of {@code src} to {@code dst} at {@code dstIndex}; moves no index. */
    public static void copy(ByteBuf src, int srcIndex, ByteBuf dst, int dstIndex, int length) {
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            dst.setLong(dstIndex + i, src.getLong(srcIndex + i));
        }
        for (; i < length; i++) {
            dst.setByte(dstIndex + i, src.getByte(srcIndex + i));
        }
    }

    // hot path: no allocation
    /** Copies {@code [srcIndex, srcIndex + length)} of {@code src} into {@code dst} from index 0. */
    public static void copy(ByteBuf src, int srcIndex, byte[] dst, int length) {
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            LONGS.set(dst, i, src.getLong(srcIndex + i));
        }
        for (; i < length; i++) {
            dst[i] = src.getByte(srcIndex + i);
        }
    }

    // hot path: no allocation
    /** Copies {@code [0, length)} of {@code src} to {@code dst} at {@code dstIndex}; moves no index. */
    public static void copy(byte[] src, int length, ByteBuf dst, int dstIndex) {
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            dst.setLong(dstIndex + i, (long) LONGS.get(src, i));
        }
        for (; i < length; i++) {
            dst.setByte(dstIndex + i, src[i]);
        }
    }
}
