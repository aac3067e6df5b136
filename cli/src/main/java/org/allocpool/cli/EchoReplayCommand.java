package org.allocpool.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.server.EchoServer;
import org.allocpool.echo.server.ServerSettings;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.yaml.Replay;
import org.allocpool.echo.yaml.ScenarioReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool echo replay in.yaml}: sends the events of a YAML file to a running server
 * ({@code --port}) or to one embedded in this JVM, one at a time, and prints the replies as YAML
 * on stdout. A bad document ends in one line naming the document and the field, exit code 2.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Sends events written as YAML documents separated by ---, e.g.",
            "  topOfBook: {sendingTimeNS: 2022-09-05T12:34:56.789012345, symbol: EUR/USD, ecn: EBS, bidPrice: 0.9913, "
                + "askPrice: 0.9917, bidQuantity: 1000000, askQuantity: 2500000}",
            "  message: {sendingTimeNS: 2022-09-05T12:34:57.000000000, payload: \"hello\", repeat: 3}",
            "and prints each reply (the echo, or error: {reason: ...}) as YAML on stdout.",
            "Without --port the events go to a server embedded in this JVM, set up with --buffers, --copy-per-event, "
                + "--max-frame, --buffer-size and --buffer-cap.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the server failed or closed the connection, 2 bad input."})
final class EchoReplayCommand implements Callable<Integer> {

    private static final int TIMEOUT_MS = 30_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN.YAML", description = "the events, YAML documents separated by ---")
    Path file;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "the server's address, with --port (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", paramLabel = "PORT", description = "a running server's port; without it, an embedded server")
    Integer port;

    @Option(names = "--buffers", defaultValue = "netty-adaptive", paramLabel = "STRATEGY",
            description = "embedded server: unpooled, netty-pooled, netty-adaptive or thread-local (default: ${DEFAULT-VALUE})")
    String buffers;

    @Option(names = "--copy-per-event", description = "embedded server: deepCopy() every event before replying")
    boolean copyPerEvent;

    @Option(names = "--max-frame", defaultValue = "" + FrameLayout.DEFAULT_MAX_FRAME, paramLabel = "BYTES",
            description = "embedded server: largest frame length (default: ${DEFAULT-VALUE})")
    int maxFrame;

    @Option(names = "--buffer-size", defaultValue = "" + ServerSettings.DEFAULT_BUFFER_SIZE, paramLabel = "BYTES",
            description = "embedded server, thread-local: first buffer size (default: ${DEFAULT-VALUE})")
    int bufferSize;

    @Option(names = "--buffer-cap", defaultValue = "" + ServerSettings.DEFAULT_BUFFER_CAP, paramLabel = "BYTES",
            description = "embedded server, thread-local: largest buffer size (default: ${DEFAULT-VALUE})")
    int bufferCap;

    @Override
    public Integer call() {
        ServerSettings embedded = new ServerSettings("127.0.0.1", 0, BufferStrategy.parse(buffers), copyPerEvent,
                maxFrame, bufferSize, bufferCap, 1);
        if (port != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("--port " + port + " is out of range; allowed: 1 to 65535");
        }
        String yaml;
        try {
            yaml = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file '" + file + "'");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read '" + file + "': " + e.getMessage());
        }
        List<Object> events = ScenarioReader.read(yaml);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            String replies;
            if (port != null) {
                replies = replay(events, new InetSocketAddress(host.strip(), port));
            } else {
                try (EchoServer server = EchoServer.start(embedded, line -> {
                    err.println(line);
                    err.flush();
                })) {
                    replies = replay(events, server.address());
                }
            }
            out.print(replies);
            out.flush();
            return 0;
        } catch (IOException | IllegalStateException e) {
            err.println("allocpool: echo replay failed: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private static String replay(List<Object> events, InetSocketAddress address) throws IOException {
        try (EchoConnection connection = EchoConnection.open(address, TIMEOUT_MS)) {
            return Replay.run(events, connection);
        }
    }
}
