package org.allocpool.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.server.EchoServer;
import org.allocpool.echo.server.LeakDetection;
import org.allocpool.echo.server.ServerSettings;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.process.ReadyLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool echo serve}: runs the echo service until SIGTERM or Ctrl-C (exit 0 after a
 * clean close) or, with {@code --stop-on-stdin-eof}, until stdin ends. Prints exactly one line on
 * stdout once it listens, {@code echo: listening on <host>:<port>}; everything else goes to stderr.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the echo service (Netty, NIO): every top-of-book ('t') or message ('m') frame is sent straight "
                + "back; a STATS request ('s') answers with the settings, events echoed, bytes allocated by the I/O "
                + "threads and GC since start. Frames are length-prefixed; a length above --max-frame (or below 1) "
                + "closes that connection only.",
            ""},
        footer = {"", "Once listening it prints one line on stdout: echo: listening on <host>:<port>",
            "Exit codes: 0 stopped cleanly, 1 cannot listen, 2 bad input."})
final class EchoServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--host", defaultValue = ServerSettings.DEFAULT_HOST, paramLabel = "ADDRESS",
            description = "address to listen on (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "" + ServerSettings.DEFAULT_PORT, paramLabel = "PORT",
            description = "TCP port, 0 for any free one (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--buffers", defaultValue = "netty-adaptive", paramLabel = "STRATEGY",
            description = "encode/decode buffers: unpooled (a new heap buffer per message), netty-pooled, "
                    + "netty-adaptive (Netty 4.2's default), thread-local (one pre-allocated off-heap buffer per I/O "
                    + "thread, --buffer-size growing to --buffer-cap) (default: ${DEFAULT-VALUE})")
    String buffers;

    @Option(names = "--copy-per-event",
            description = "deepCopy() every event before replying: the articles' one new object per event")
    boolean copyPerEvent;

    @Option(names = "--max-frame", defaultValue = "" + FrameLayout.DEFAULT_MAX_FRAME, paramLabel = "BYTES",
            description = "largest frame length accepted; a bigger or negative one closes that connection "
                    + "(default: ${DEFAULT-VALUE})")
    int maxFrame;

    @Option(names = "--buffer-size", defaultValue = "" + ServerSettings.DEFAULT_BUFFER_SIZE, paramLabel = "BYTES",
            description = "thread-local: first size of each thread's buffers (default: ${DEFAULT-VALUE})")
    int bufferSize;

    @Option(names = "--buffer-cap", defaultValue = "" + ServerSettings.DEFAULT_BUFFER_CAP, paramLabel = "BYTES",
            description = "thread-local: largest size; a bigger message gets an error reply (default: ${DEFAULT-VALUE})")
    int bufferCap;

    @Option(names = "--io-threads", paramLabel = "N",
            description = "I/O threads serving all connections (default: one per core)")
    Integer ioThreads;

    @Option(names = "--stop-on-stdin-eof",
            description = "stop when stdin ends, so that a parent that dies takes the server with it")
    boolean stopOnStdinEof;

    /** The settings these options describe; {@link IllegalArgumentException} names a bad value. */
    ServerSettings settings() {
        return new ServerSettings(host.strip(), port, BufferStrategy.parse(buffers), copyPerEvent, maxFrame,
                bufferSize, bufferCap, ioThreads == null ? ServerSettings.defaultIoThreads() : ioThreads);
    }

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = settings();
        LeakDetection.offUnlessConfigured();
        PrintWriter err = spec.commandLine().getErr();
        EchoServer server;
        try {
            server = EchoServer.start(settings, line -> {
                err.println(line);
                err.flush();
            });
        } catch (IOException e) {
            err.println("allocpool: echo serve: " + e.getMessage());
            err.flush();
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            server.close();
            stopped.countDown();
            Runtime.getRuntime().halt(0); // SIGTERM or Ctrl-C after a clean close: exit 0, as the contract says
        }, "echo-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter out = spec.commandLine().getOut();
        out.println(ReadyLine.of(EchoServer.SERVICE, server.address()));
        out.flush();
        err.println("echo: " + settings.buffers().label() + " buffers, copy per event: "
                + (settings.copyPerEvent() ? "yes" : "no") + ", " + settings.ioThreads() + " I/O threads, max frame "
                + settings.maxFrame() + " bytes");
        err.flush();
        if (stopOnStdinEof) {
            StdinEnd.await(System.in);
            Runtime.getRuntime().removeShutdownHook(hook);
            server.close();
            return 0;
        }
        stopped.await();
        return 0;
    }
}
