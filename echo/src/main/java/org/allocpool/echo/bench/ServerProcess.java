package org.allocpool.echo.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An echo server in a JVM of its own, started from a full command line (built by the caller, e.g.
 * this program again with {@code echo serve --port 0 --stop-on-stdin-eof}). Waits for its
 * {@code echo: listening on host:port} line (lines before it, such as the JVM's own notes when
 * given {@code -XX:StartFlightRecording}, are passed on to our stderr); its stderr goes to ours. {@link #close} closes its
 * stdin (it stops), waits, and kills it if it does not. One owner thread; not thread-safe.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("echo: listening on (.+):(\\d+)");

    private final Process process;
    private final InetSocketAddress address;

    private ServerProcess(Process process, InetSocketAddress address) {
        this.process = process;
        this.address = address;
    }

    /**
     * Starts {@code command} and waits up to {@code timeout} for it to listen.
     *
     * @throws IOException when it cannot start, ends, or does not say where it listens in time
     */
    public static ServerProcess start(List<String> command, Duration timeout) throws IOException {
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                String next;
                while ((next = stdout.readLine()) != null && !LISTENING.matcher(next.strip()).matches()) {
                    System.err.println(next);
                }
                return next;
            } catch (IOException e) {
                return null;
            }
        });
        try {
            String first = line.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            Matcher m = first == null ? null : LISTENING.matcher(first.strip());
            if (m == null || !m.matches()) {
                throw new IOException("the server JVM did not start (" + (first == null
                        ? "it ended" + exitOf(process) : "it said '" + first + "'") + ")");
            }
            return new ServerProcess(process, new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2))));
        } catch (TimeoutException | ExecutionException | IOException e) {
            kill(process);
            throw e instanceof IOException io ? io : new IOException("the server JVM did not listen within " + timeout, e);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the server JVM", e);
        }
    }

    public InetSocketAddress address() {
        return address;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill(process);
            }
        } catch (IOException e) {
            kill(process);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
        }
    }

    private static String exitOf(Process process) {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " with exit code " + process.exitValue() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static void kill(Process process) {
        List<ProcessHandle> descendants = process.toHandle().descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
