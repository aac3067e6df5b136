package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz targets of the HTTP side of {@code kv serve} (issue 34). Any bytes on the HTTP port, cut
 * into reads anywhere, get well-formed HTTP responses with JSON bodies and never a 500 (what
 * {@link HttpRoutes} answers an exception with): a user the body cannot be is a 400 naming the
 * field. A JSON body {@link UserJson} accepts reads back the same through its JSON and through the
 * flyweight layout it is stored in. Any stored bytes decode as a user or are refused with the
 * codec's IllegalArgumentException.
 *
 * <p>The normal suite replays {@code HttpUserFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes one
 * method at a time. Bounded: bodies of at most {@link #MAX_BODY} bytes, a fresh small store per input.
 */
class HttpUserFuzzTest {

    private static final int MAX_BODY = 4096;
    private static final int MAX_CUTS = 6;

    @TempDir
    static Path dir;

    @FuzzTest(maxDuration = "10m")
    void shouldAnswerAnyBytesWithHttpResponsesButNeverA500(FuzzedDataProvider data) throws IOException {
        int[] cuts = ReadCuts.consume(data, MAX_CUTS);
        byte[] bytes = data.consumeRemainingAsBytes();
        try (MappedStore store = FreshStore.open(dir)) {
            ServerCounters counters = new ServerCounters();
            EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(MAX_BODY),
                    new HttpRoutes(new UserResource(store), new ServerStats(store, counters), counters));
            ByteArrayOutputStream responses = new ByteArrayOutputStream();
            int from = 0;
            for (int end : ReadCuts.ends(cuts, bytes.length)) {
                if (!channel.isOpen()) {
                    break; // closed after a reply: the rest is never read
                }
                channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(bytes, from, end)));
                from = end;
                drain(channel, responses);
            }
            channel.checkException();
            drain(channel, responses);
            channel.finishAndReleaseAll();
            checkResponses(responses.toByteArray());
        }
    }

    @FuzzTest(maxDuration = "10m")
    void shouldReadBackEveryUserItAcceptsThroughJsonAndTheStoredLayout(FuzzedDataProvider data) {
        long pathId = data.consumeBoolean() ? data.consumeLong() : data.consumeLong(-2, 100);
        byte[] body = data.consumeRemainingAsBytes();
        User user;
        try {
            user = UserJson.read(new ByteArrayInputStream(body), pathId);
        } catch (BadUserException e) {
            assertFalse(e.getMessage().isEmpty(), "a refusal without a message"); // it may quote a field name's newline
            return;
        }
        assertEquals(pathId, user.id());
        byte[] json = UserJson.write(user);
        try {
            assertEquals(user, UserJson.read(new ByteArrayInputStream(json), pathId), "through its JSON");
        } catch (BadUserException e) {
            throw new AssertionError("its own JSON refused: " + new String(json, StandardCharsets.UTF_8), e);
        }
        FlyweightUserCodec codec = new FlyweightUserCodec();
        byte[] stored = codec.encode(user);
        assertEquals(user, codec.decode(stored, 0, stored.length), "through the stored layout");
    }

    @FuzzTest(maxDuration = "10m")
    void shouldDecodeAnyStoredBytesAsAUserOrRefuseThem(byte[] stored) {
        User user;
        try {
            user = new FlyweightUserCodec().decode(stored, 0, stored.length);
        } catch (IllegalArgumentException e) {
            return; // the codec's refusal: UserResource answers 422 with its message
        }
        UserJson.write(user);
    }

    private static void drain(EmbeddedChannel channel, ByteArrayOutputStream responses) {
        for (Object out; (out = channel.readOutbound()) != null; ) {
            ByteBuf buffer = (ByteBuf) out;
            responses.writeBytes(ByteBufs.bytes(buffer));
            buffer.release();
        }
    }

    /** Reads the responses one by one, each a status line, headers and Content-Length bytes of body. */
    private static void checkResponses(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (at < text.length()) {
            int headEnd = text.indexOf("\r\n\r\n", at);
            assertTrue(headEnd > 0, "a response without the end of its headers: " + text.substring(at));
            String[] lines = text.substring(at, headEnd).split("\r\n");
            assertTrue(lines[0].startsWith("HTTP/1.1 "), lines[0]);
            int status = Integer.parseInt(lines[0].substring(9, 12));
            int length = 0;
            for (int i = 1; i < lines.length; i++) {
                if (lines[i].toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(lines[i].substring("content-length:".length()).trim());
                }
            }
            int bodyStart = headEnd + 4;
            if (bodyStart == text.length() || text.startsWith("HTTP/1.1 ", bodyStart)) {
                length = 0; // the answer to a HEAD request: its Content-Length, no body (the codec leaves it out)
            }
            assertTrue(bodyStart + length <= text.length(), "a body shorter than its Content-Length");
            byte[] body = Arrays.copyOfRange(bytes, bodyStart, bodyStart + length);
            assertNotEquals(500, status, new String(body, StandardCharsets.UTF_8));
            if (length > 0) {
                try {
                    UserJson.MAPPER.readTree(body);
                } catch (IOException e) {
                    throw new AssertionError("a body that is not JSON: " + new String(body, StandardCharsets.UTF_8), e);
                }
            }
            at = bodyStart + length;
        }
    }

}
