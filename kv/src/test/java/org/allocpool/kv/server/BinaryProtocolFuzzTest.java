package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.kv.store.MappedStore;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target of the binary protocol of {@code kv serve} (issue 34): any bytes, cut into reads
 * anywhere, are cut into the frames the length fields say ({@link FrameDecoder}), a bad length is
 * refused with one BAD_FRAME or TOO_LARGE reply and the connection closed, and every frame gets the
 * reply a map of what was put says ({@link StoreRequests}): OK with the value last put, NOT_FOUND,
 * BAD_REQUEST or TOO_LARGE; never SERVER_ERROR, never an exception.
 *
 * <p>The normal suite replays {@code BinaryProtocolFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes.
 * Bounded: frames of at most {@link #MAX_FRAME} bytes, a fresh small store per input.
 */
class BinaryProtocolFuzzTest {

    /** Room for a value twice the store's limit, so that TOO_LARGE values are framed and refused one by one. */
    private static final int MAX_FRAME = BinaryProtocol.REQUEST_HEADER + 2 * FreshStore.CONFIG.maxValueBytes();
    private static final int MAX_CUTS = 8;

    @TempDir
    static Path dir;

    @FuzzTest(maxDuration = "10m")
    void shouldAnswerEveryFrameAsAMapWouldOrRefuseABadLength(FuzzedDataProvider data) throws IOException {
        int[] cuts = ReadCuts.consume(data, MAX_CUTS);
        byte[] bytes = data.consumeRemainingAsBytes();
        List<byte[]> frames = new ArrayList<>();
        Byte refusal = frame(bytes, frames);
        try (MappedStore store = FreshStore.open(dir)) {
            StoreRequests requests = new StoreRequests(store);
            EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME));
            Map<Long, byte[]> model = new HashMap<>();
            int frame = 0;
            int from = 0;
            for (int end : ReadCuts.ends(cuts, bytes.length)) {
                if (!channel.isOpen()) {
                    break; // refused: the rest is never read
                }
                channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(bytes, from, end)));
                from = end;
                for (ByteBuf in; (in = channel.readInbound()) != null; frame++) {
                    try {
                        assertTrue(frame < frames.size(), "a frame the length fields do not make");
                        assertArrayEquals(frames.get(frame), ByteBufs.bytes(in), "frame " + frame);
                        ByteBuf reply = requests.execute(in, channel.alloc());
                        try {
                            check(frames.get(frame), ByteBufs.bytes(reply), model, store.maxValueBytes());
                        } finally {
                            reply.release();
                        }
                    } finally {
                        in.release();
                    }
                }
            }
            assertEquals(frames.size(), frame, "frames passed on");
            ByteBuf refused = channel.readOutbound();
            if (refusal == null) {
                assertNull(refused, "a reply from the decoder to well-framed input");
                assertTrue(channel.isOpen());
            } else {
                byte[] reply = ByteBufs.bytes(refused);
                refused.release();
                assertEquals(reply.length - BinaryProtocol.LENGTH_FIELD, ByteBuffer.wrap(reply).getInt());
                assertEquals(refusal.byteValue(), reply[BinaryProtocol.LENGTH_FIELD], "the refusal's status");
                assertFalse(channel.isOpen(), "the connection is closed after a bad length");
            }
            channel.finishAndReleaseAll();
        }
    }

    /**
     * Cuts {@code bytes} into frames (without their length fields) as the protocol says, into
     * {@code frames}; returns the status of the refusal a bad length gets, or null when there is none.
     */
    private static Byte frame(byte[] bytes, List<byte[]> frames) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        while (in.remaining() >= BinaryProtocol.LENGTH_FIELD) {
            int length = in.getInt(in.position());
            if (length < BinaryProtocol.REQUEST_HEADER) {
                return BinaryProtocol.STATUS_BAD_FRAME;
            }
            if (length > MAX_FRAME) {
                return BinaryProtocol.STATUS_TOO_LARGE;
            }
            if (in.remaining() < BinaryProtocol.LENGTH_FIELD + length) {
                return null;
            }
            in.position(in.position() + BinaryProtocol.LENGTH_FIELD);
            byte[] frame = new byte[length];
            in.get(frame);
            frames.add(frame);
        }
        return null;
    }

    /** Checks {@code reply} to {@code frame} against {@code model}, and applies the frame to the model. */
    private static void check(byte[] frame, byte[] reply, Map<Long, byte[]> model, int maxValue) {
        ByteBuffer f = ByteBuffer.wrap(frame);
        byte op = f.get(BinaryProtocol.OP_OFFSET);
        long key = f.getLong(BinaryProtocol.KEY_OFFSET);
        byte[] value = Arrays.copyOfRange(frame, BinaryProtocol.VALUE_OFFSET, frame.length);
        assertTrue(reply.length >= BinaryProtocol.LENGTH_FIELD + BinaryProtocol.REPLY_HEADER, "reply too short");
        assertEquals(reply.length - BinaryProtocol.LENGTH_FIELD, ByteBuffer.wrap(reply).getInt(), "reply length field");
        byte status = reply[BinaryProtocol.LENGTH_FIELD];
        byte[] replyValue = Arrays.copyOfRange(reply, BinaryProtocol.LENGTH_FIELD + BinaryProtocol.REPLY_HEADER,
                reply.length);
        String what = "op " + op + ", key " + key + ", " + value.length + " bytes: " + BinaryProtocol.statusName(status);
        switch (op) {
            case BinaryProtocol.OP_GET -> {
                if (value.length > 0) {
                    assertEquals(BinaryProtocol.STATUS_BAD_REQUEST, status, what);
                } else if (model.containsKey(key)) {
                    assertEquals(BinaryProtocol.STATUS_OK, status, what);
                    assertArrayEquals(model.get(key), replyValue, what);
                } else {
                    assertEquals(BinaryProtocol.STATUS_NOT_FOUND, status, what);
                }
            }
            case BinaryProtocol.OP_PUT -> {
                if (value.length > maxValue) {
                    assertEquals(BinaryProtocol.STATUS_TOO_LARGE, status, what);
                } else {
                    assertEquals(BinaryProtocol.STATUS_OK, status, what);
                    model.put(key, value);
                }
            }
            case BinaryProtocol.OP_DELETE -> {
                if (value.length > 0) {
                    assertEquals(BinaryProtocol.STATUS_BAD_REQUEST, status, what);
                } else {
                    assertEquals(model.remove(key) != null ? BinaryProtocol.STATUS_OK : BinaryProtocol.STATUS_NOT_FOUND,
                            status, what);
                }
            }
            default -> assertEquals(BinaryProtocol.STATUS_BAD_REQUEST, status, what);
        }
    }

}
