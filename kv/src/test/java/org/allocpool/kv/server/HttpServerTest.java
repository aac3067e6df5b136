package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real server over loopback: every test waits on its HTTP port, each request at most {@link RunningServer#WAIT}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HttpServerTest {

    static final String ANN = "{\"id\": 42, \"name\": \"Ann Lee\", \"email\": \"ann@example.com\", \"city\": \"Lyon\", "
            + "\"friends\": [7, 19, 23]}";

    @TempDir
    Path dir;
    RunningServer running;

    /** The server a test runs against: async; {@code Sync...Test} runs the same tests with group commit. */
    RunningServer newServer(Path dir) throws IOException {
        return new RunningServer(dir);
    }

    @BeforeEach
    void start() throws IOException {
        running = newServer(dir);
    }

    @AfterEach
    void stop() {
        running.close();
    }

    static JsonNode json(HttpResponse<String> response) throws IOException {
        return UserJson.MAPPER.readTree(response.body());
    }

    static void assertError(HttpResponse<String> response, int status, String naming) throws IOException {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("content-type").orElse("").contains("application/json"));
        JsonNode body = json(response);
        assertEquals(status, body.get("status").asInt());
        assertTrue(body.get("error").asText().contains(naming), body.get("error").asText());
    }

    @Test
    void shouldReturnAUserPutOverHttp() throws IOException {
        HttpResponse<String> put = running.send("PUT", "/users/42", ANN);
        assertEquals(201, put.statusCode(), put.body());
        HttpResponse<String> get = running.send("GET", "/users/42", null);
        assertEquals(200, get.statusCode(), get.body());
        assertEquals(UserJson.MAPPER.readTree(ANN), json(get));
        assertEquals(200, running.send("PUT", "/users/42", ANN).statusCode(), "a second PUT replaces");
    }

    @Test
    void shouldStoreAUserInTheFlyweightLayout() throws IOException {
        running.send("PUT", "/users/42", ANN);
        byte[] stored = new byte[RunningServer.MAX_VALUE];
        int length = running.store.get(42, stored);
        User expected = new User(42, "Ann Lee", "ann@example.com", "Lyon", new long[] {7, 19, 23});
        assertArrayEquals(new FlyweightUserCodec().encode(expected), java.util.Arrays.copyOf(stored, length));
    }

    @Test
    void shouldLeaveOutOptionalFieldsThatWereAbsent() throws IOException {
        String bare = "{\"id\": 5, \"name\": \"Bo\", \"friends\": []}";
        assertEquals(201, running.send("PUT", "/users/5", bare).statusCode());
        assertEquals(UserJson.MAPPER.readTree(bare), json(running.send("GET", "/users/5", null)));
    }

    @Test
    void shouldAnswer404ForAMissingUser() throws IOException {
        assertError(running.send("GET", "/users/7", null), 404, "no user 7");
    }

    @Test
    void shouldRefuseAMissingNameNamingTheField() throws IOException {
        assertError(running.send("PUT", "/users/42", "{\"id\": 42, \"friends\": []}"), 400, "'name'");
        assertEquals(404, running.send("GET", "/users/42", null).statusCode(), "nothing stored");
    }

    @Test
    void shouldRefuseFriendsOfTheWrongType() throws IOException {
        assertError(running.send("PUT", "/users/42", "{\"id\": 42, \"name\": \"Ann\", \"friends\": \"7,19\"}"),
                400, "'friends'");
        assertError(running.send("PUT", "/users/42", "{\"id\": 42, \"name\": \"Ann\", \"friends\": [7, \"x\"]}"),
                400, "'friends[1]'");
    }

    @Test
    void shouldRefuseANameTheStoredLayoutCannotHoldWith400NotA500() throws IOException {
        assertError(running.send("PUT", "/users/42", "{\"id\": 42, \"name\": \"" + "n".repeat(326)
                + "\", \"friends\": []}"), 400, "has a name of 326 UTF-8 bytes");
    }

    @Test
    void shouldRefuseAnIdThatDiffersFromThePath() throws IOException {
        assertError(running.send("PUT", "/users/43", ANN), 400, "'id' is 42 but the path says 43");
    }

    @Test
    void shouldRefuseABodyThatIsNotJson() throws IOException {
        assertError(running.send("PUT", "/users/42", "{\"id\": 42,"), 400, "not valid JSON");
    }

    @Test
    void shouldRefuseAPathIdThatIsNotANumber() throws IOException {
        assertError(running.send("GET", "/users/ann", null), 400, "bad id 'ann'");
    }

    @Test
    void shouldAnswer413ForAnOversizedBodyAndServeOn() throws IOException {
        String big = "{\"id\": 42, \"name\": \"" + "a".repeat(RunningServer.MAX_BODY) + "\", \"friends\": []}";
        assertError(running.send("PUT", "/users/42", big), 413, "over the limit of " + RunningServer.MAX_BODY);
        assertEquals(201, running.send("PUT", "/users/42", ANN).statusCode(), "the server serves on");
    }

    @Test
    void shouldAnswer413ForAUserOverTheStoreLimit() throws IOException {
        StringBuilder friends = new StringBuilder();
        for (int i = 0; i < RunningServer.MAX_VALUE / 8 + 1; i++) {
            friends.append(i == 0 ? "" : ",").append(i);
        }
        assertError(running.send("PUT", "/users/9", "{\"id\": 9, \"name\": \"Many\", \"friends\": [" + friends + "]}"),
                413, "store's limit of " + RunningServer.MAX_VALUE);
    }

    @Test
    void shouldDeleteAUser() throws IOException {
        running.send("PUT", "/users/42", ANN);
        HttpResponse<String> deleted = running.send("DELETE", "/users/42", null);
        assertEquals(200, deleted.statusCode(), deleted.body());
        assertEquals(42, json(deleted).get("deleted").asLong());
        assertError(running.send("GET", "/users/42", null), 404, "no user 42");
        assertError(running.send("DELETE", "/users/42", null), 404, "no user 42");
    }

    @Test
    void shouldAnswer404ForAnUnknownPathAnd405ForAnUnknownMethod() throws IOException {
        assertError(running.send("GET", "/nothing", null), 404, "no such path '/nothing'");
        assertError(running.send("POST", "/users/1", "{}"), 405, "POST is not allowed");
    }

    @Test
    void shouldAnswer400ToARequestThatIsNotHttpAndServeOthers() throws IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", running.server.httpAddress().getPort())) {
            socket.setSoTimeout((int) RunningServer.WAIT.toMillis());
            socket.getOutputStream().write(("GET /users/1 HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String reply = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 400"), reply);
            assertTrue(reply.contains("\"error\":\"malformed HTTP request"), reply);
        }
        assertEquals(404, running.send("GET", "/users/1", null).statusCode(), "other clients are served on");
    }

    @Test
    void shouldReportStats() throws IOException {
        running.send("PUT", "/users/42", ANN);
        running.send("GET", "/users/42", null);
        JsonNode stats = json(running.send("GET", "/stats", null));
        assertEquals(1, stats.get("entries").asLong());
        assertTrue(stats.get("fileBytes").asLong() > 0, stats.toString());
        assertTrue(stats.get("heapUsedBytes").asLong() > 0, stats.toString());
        assertTrue(stats.get("gc").has("count") && stats.get("gc").has("timeMs"), stats.toString());
        assertEquals(3, stats.get("requests").get("http").asLong(), "two before, this one counted");
        assertEquals(0, stats.get("requests").get("tcp").asLong());
    }
}
