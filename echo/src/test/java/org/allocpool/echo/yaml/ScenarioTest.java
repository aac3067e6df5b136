package org.allocpool.echo.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.server.EchoServer;
import org.allocpool.echo.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Scenarios in the Chronicle article's style: {@code in.yaml} replayed through a real server gives {@code out.yaml}. */
class ScenarioTest {

    private static String resource(String path) {
        try (InputStream in = ScenarioTest.class.getResourceAsStream("/scenarios/" + path)) {
            if (in == null) {
                throw new IllegalStateException("no test resource scenarios/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String replay(String scenario, ServerSettings settings) throws IOException {
        List<Object> events = ScenarioReader.read(resource(scenario + "/in.yaml"));
        try (EchoServer server = EchoServer.start(settings, line -> { });
             EchoConnection connection = EchoConnection.open(server.address(), 20_000)) {
            return Replay.run(events, connection);
        }
    }

    private static ServerSettings settings(BufferStrategy buffers) {
        return ServerSettings.defaults(buffers).withPort(0).withIoThreads(1);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldEchoTopOfBookEventsAsTheExpectedYaml() throws IOException {
        assertEquals(resource("top-of-book/out.yaml"), replay("top-of-book", settings(BufferStrategy.THREAD_LOCAL)));
    }

    @Test
    void shouldReadItsOwnOutputBackAsTheSameEvents() {
        assertEquals(ScenarioReader.read(resource("top-of-book/in.yaml")),
                ScenarioReader.read(resource("top-of-book/out.yaml")));
    }

    @Test
    void shouldReadTheMessagesOutputBackWithTheRefusalAsAnErrorReply() {
        List<Object> sent = ScenarioReader.read(resource("message/in.yaml"));
        List<Object> expected = new java.util.ArrayList<>(sent);
        expected.set(2, new ErrorReply("a message of 3008 bytes is bigger than --buffer-cap 2048; refused"));

        assertEquals(expected, ScenarioReader.read(resource("message/out.yaml")));
    }

    @Test
    void shouldRefuseToReplayAnErrorReplyBeforeSendingAnything() {
        List<Object> replies = ScenarioReader.read(resource("message/out.yaml"));

        assertEquals("event 3 is an error reply, which only a server sends; replay topOfBook and message documents",
                assertThrows(IllegalArgumentException.class, () -> Replay.run(replies, null)).getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldEchoTopOfBookEventsUnchangedWhenEachIsCopied() throws IOException {
        assertEquals(resource("top-of-book/out.yaml"),
                replay("top-of-book", settings(BufferStrategy.UNPOOLED).withCopyPerEvent(true)));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldEchoMessagesAndRefuseOneBiggerThanTheCap() throws IOException {
        assertEquals(resource("message/out.yaml"),
                replay("message", settings(BufferStrategy.THREAD_LOCAL).withBufferSizes(1024, 2048)));
    }

    @Test
    void shouldNameTheDocumentAndTheFieldThatIsMissing() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioReader.read(resource("missing-field/in.yaml")));
        assertEquals(resource("missing-field/error.txt").strip(), e.getMessage());
    }

    @Test
    void shouldNameTheDocumentAndTheFieldThatIsMistyped() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioReader.read(resource("mistyped-field/in.yaml")));
        assertEquals(resource("mistyped-field/error.txt").strip(), e.getMessage());
    }

    @Test
    void shouldNameAnUnknownFieldAndAnUnknownEvent() {
        assertEquals("document 1: topOfBook has an unknown field 'bidPrise'; allowed: sendingTimeNS, symbol, ecn, "
                        + "bidPrice, askPrice, bidQuantity, askQuantity",
                assertThrows(ScenarioException.class, () -> ScenarioReader.read(
                        "topOfBook: {bidPrise: 1}")).getMessage());
        assertEquals("document 2: unknown event 'trade'; allowed: topOfBook, message, error",
                assertThrows(ScenarioException.class, () -> ScenarioReader.read(
                        "message: {sendingTimeNS: 1, payload: a}\n---\ntrade: {price: 1}\n")).getMessage());
        assertEquals("document 1: topOfBook.symbol 'EURUSDXYZ' must have 1 to 8 characters",
                assertThrows(ScenarioException.class, () -> ScenarioReader.read("topOfBook: {sendingTimeNS: 1, "
                        + "symbol: EURUSDXYZ, ecn: E, bidPrice: 1, askPrice: 1, bidQuantity: 1, askQuantity: 1}"))
                        .getMessage());
    }

    @Test
    void shouldRefuseARepeatThatMakesAPayloadOverSixteenMebibytesBeforeBuildingIt() {
        assertEquals("document 1: message.repeat makes a payload of 4000000000 bytes, over the 16777216 (16 MiB) a "
                        + "message may have",
                assertThrows(ScenarioException.class, () -> ScenarioReader.read(
                        "message: {sendingTimeNS: 1, payload: abcd, repeat: 1000000000}")).getMessage());
    }

    @Test
    void shouldRefuseAScenarioWhosePayloadsAddUpToMoreThanSixtyFourMebibytes() {
        String eightMebibytes = "message: {sendingTimeNS: 1, payload: abcdefgh, repeat: 1048576}\n---\n";

        ScenarioException refused = assertThrows(ScenarioException.class,
                () -> ScenarioReader.read(eightMebibytes.repeat(9)));

        assertEquals("document 9: the scenario's payloads add up to more than 67108864 bytes (64 MiB), the most one "
                + "replay holds", refused.getMessage());
        assertEquals(8, ScenarioReader.read(eightMebibytes.repeat(8)).size(), "64 MiB in all is allowed");
    }
}
