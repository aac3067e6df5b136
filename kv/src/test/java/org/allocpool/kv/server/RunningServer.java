package org.allocpool.kv.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;

/** A store in a temporary directory and a server over it on ephemeral loopback ports (RESP too), for one test. */
final class RunningServer implements AutoCloseable {

    static final int MAX_VALUE = 1024;
    static final int MAX_BODY = 8 * 1024;
    /**
     * How long a test waits to connect, or for an answer: a request over loopback takes milliseconds,
     * and seconds on a loaded 2-core machine; past this the server has hung, and the test fails.
     */
    static final Duration WAIT = Duration.ofSeconds(30);

    final MappedStore store;
    final KvServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(WAIT).build();

    RunningServer(Path dir) throws IOException {
        this(dir, MAX_VALUE, ServerConfig.frameFor(MAX_VALUE));
    }

    RunningServer(Path dir, int maxValue, int maxFrame) throws IOException {
        this(dir, maxValue, maxFrame, Durability.ASYNC);
    }

    /** A server over a store of {@code durability}: with SYNC, each connection's writes are group-committed. */
    RunningServer(Path dir, Durability durability) throws IOException {
        this(dir, MAX_VALUE, ServerConfig.frameFor(MAX_VALUE), durability);
    }

    RunningServer(Path dir, int maxValue, int maxFrame, Durability durability) throws IOException {
        store = MappedStore.open(dir, new StoreConfig(1024, maxValue, durability));
        server = KvServer.start(store, new ServerConfig("127.0.0.1", 0, 0, maxFrame, MAX_BODY, 2).withRespPort(0));
    }

    KvClient client() throws IOException {
        return KvClient.connect(server.tcpAddress());
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.httpAddress().getPort() + path);
    }

    HttpResponse<String> send(String method, String path, String body) {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body);
        HttpRequest request = HttpRequest.newBuilder(uri(path)).method(method, publisher).timeout(WAIT).build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        store.close();
        http.close();
    }
}
