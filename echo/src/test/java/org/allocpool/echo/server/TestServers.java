package org.allocpool.echo.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.client.EchoConnection;

/** A real echo server on an ephemeral loopback port, with its log lines kept for assertions. */
final class TestServers {

    static final int TIMEOUT_MS = 20_000;

    final List<String> log = new CopyOnWriteArrayList<>();
    final EchoServer server;

    TestServers(ServerSettings settings) {
        try {
            server = EchoServer.start(settings, log::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ServerSettings settings(BufferStrategy buffers) {
        return ServerSettings.defaults(buffers).withPort(0).withIoThreads(1);
    }

    EchoConnection connect() throws IOException {
        return EchoConnection.open(server.address(), TIMEOUT_MS);
    }
}
