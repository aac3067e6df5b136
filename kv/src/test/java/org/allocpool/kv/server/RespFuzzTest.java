package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.kv.store.MappedStore;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target of the RESP side of {@code kv serve} (issue 34): any bytes, cut into reads anywhere,
 * are found to be the same requests as when they come whole ({@link RespParser} reads on from where
 * a read left it), and each request is answered with exactly one well-formed RESP reply that is not
 * a store failure ({@link RespCommands} turns any RuntimeException into {@code -ERR store failed},
 * which would hide a bug here), until a protocol error or QUIT ends the connection. Nothing else is
 * allowed out: no exception but the parser's own {@link RespProtocolException}.
 *
 * <p>The normal suite replays the inputs under {@code RespFuzzTestInputs/} (regression mode); with
 * {@code JAZZER_FUZZ=1} it fuzzes (README, "Fuzzing"). Bounded: requests of at most 8 KiB, bulk
 * strings of at most the store's value limit (256 bytes), a fresh small store per input.
 */
class RespFuzzTest {

    private static final int MAX_REQUEST = 8 * 1024;
    private static final int MAX_CUTS = 8;
    private static final byte[] QUIT = RespReplies.ascii("QUIT");

    @TempDir
    static Path dir;

    /** What one pass found: each request's arguments (bytes as ISO-8859-1 text), the error that ended it, the bytes left. */
    private record Parsed(List<List<String>> requests, String error, int unread) {
    }

    @FuzzTest(maxDuration = "10m")
    void shouldFindTheSameRequestsHoweverCutAndAnswerEachWithOneReply(FuzzedDataProvider data) throws IOException {
        int[] cuts = ReadCuts.consume(data, MAX_CUTS);
        byte[] bytes = data.consumeRemainingAsBytes();
        try (MappedStore store = FreshStore.open(dir)) {
            RespParser parser = new RespParser(Math.max(store.maxValueBytes(), store.maxKeyBytes()), MAX_REQUEST);
            RespCommands commands = new RespCommands(store, new RespServerCommands(store));
            Parsed whole = parse(parser, bytes, new int[] {bytes.length}, commands);
            Parsed cut = parse(parser, bytes, ReadCuts.ends(cuts, bytes.length), null);
            assertEquals(whole.requests(), cut.requests(), "the requests found whole and cut into reads");
            assertEquals(whole.error(), cut.error(), "the protocol error found whole and cut into reads");
            if (whole.error() == null) {
                assertEquals(whole.unread(), cut.unread(), "the bytes of a request not yet whole");
            }
        }
    }

    /**
     * Feeds {@code bytes} read by read as {@link RespRequestHandler} does, and, when {@code commands}
     * is given, runs each request and checks its reply.
     */
    private static Parsed parse(RespParser parser, byte[] bytes, int[] readEnds, RespCommands commands) {
        ByteBuf in = Unpooled.buffer(Math.max(16, bytes.length));
        ByteBuf replies = Unpooled.buffer(1024);
        RespRequest request = new RespRequest();
        List<List<String>> found = new ArrayList<>();
        int from = 0;
        try {
            for (int readEnd : readEnds) {
                in.writeBytes(bytes, from, readEnd - from);
                from = readEnd;
                for (int length; (length = parser.parse(in, request)) > 0; in.skipBytes(length)) {
                    assertTrue(length <= in.readableBytes(), "a request of " + length + " bytes in "
                            + in.readableBytes());
                    List<String> args = new ArrayList<>(request.count());
                    for (int arg = 0; arg < request.count(); arg++) {
                        args.add(latin1(request, arg));
                    }
                    found.add(args);
                    boolean goOn = request.count() == 0
                            || (commands == null ? !request.is(0, QUIT) : answer(commands, request, replies));
                    if (!goOn) {
                        return new Parsed(found, "QUIT", 0); // the connection is closed: nothing after it is read
                    }
                }
            }
        } catch (RespProtocolException e) {
            assertTrue(e.getMessage().startsWith("Protocol error: "), e.getMessage());
            return new Parsed(found, e.getMessage(), 0);
        }
        return new Parsed(found, null, in.readableBytes());
    }

    /** Argument {@code arg}'s bytes as ISO-8859-1 text: one char per byte, so requests compare byte for byte. */
    private static String latin1(RespRequest request, int arg) {
        ByteBuf copy = Unpooled.buffer(request.length(arg));
        request.writeTo(arg, copy);
        assertEquals(request.length(arg), copy.readableBytes());
        return copy.toString(StandardCharsets.ISO_8859_1);
    }

    /** Runs {@code request} and checks that it wrote one well-formed reply, not a store failure. */
    private static boolean answer(RespCommands commands, RespRequest request, ByteBuf replies) {
        replies.clear();
        boolean goOn = commands.execute(request, replies);
        byte[] reply = new byte[replies.readableBytes()];
        replies.getBytes(replies.readerIndex(), reply);
        assertEquals(reply.length, RespReplyCheck.end(reply, 0), "one reply and nothing after it");
        String text = new String(reply, StandardCharsets.ISO_8859_1);
        assertFalse(text.startsWith("-ERR store failed"), text);
        if (!goOn) {
            assertEquals("+OK\r\n", text, "QUIT");
        }
        return goOn;
    }
}
