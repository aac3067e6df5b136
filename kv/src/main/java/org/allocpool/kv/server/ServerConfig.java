package org.allocpool.kv.server;

/**
 * Where and how {@link KvServer} listens. Immutable; the constructor refuses a bad value with an
 * {@link IllegalArgumentException} that names the command-line option, the value and what is allowed.
 *
 * @param host             the address both servers bind (e.g. {@code 127.0.0.1}, or {@code 0.0.0.0} for all)
 * @param tcpPort          the binary protocol's port, 0 for any free one
 * @param httpPort         the HTTP port, 0 for any free one
 * @param maxFrameBytes    the longest request frame accepted (the length field's value); longer ones are refused
 *                         and their connection closed
 * @param maxHttpBodyBytes the longest HTTP request body accepted; longer ones get 413
 * @param workerThreads    event-loop threads serving connections (every protocol)
 * @param respPort         the RESP2 (Redis protocol) port, 0 for any free one, {@link #NO_RESP} for none
 * @param pollMicros       how long an event loop polls for its next event before it sleeps, µs (0: it
 *                         sleeps at once, as Redis does); see {@link PollBeforeSleep}
 */
public record ServerConfig(String host, int tcpPort, int httpPort, int maxFrameBytes,
                           int maxHttpBodyBytes, int workerThreads, int respPort, int pollMicros) {

    /** The longest poll before sleeping: beyond that, an idle loop burns a core for little gain. */
    public static final int MAX_POLL_MICROS = 10_000;

    /** {@link #respPort} when the server is not to speak RESP. */
    public static final int NO_RESP = -1;

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_MAX_HTTP_BODY = 64 * 1024;

    public ServerConfig {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("--host must name an address such as 127.0.0.1 or 0.0.0.0, was '"
                    + host + "'");
        }
        port("--port", tcpPort);
        port("--http-port", httpPort);
        if (maxFrameBytes < BinaryProtocol.REQUEST_HEADER) {
            throw new IllegalArgumentException("--max-frame must be at least " + BinaryProtocol.REQUEST_HEADER
                    + " (op and key), was " + maxFrameBytes);
        }
        if (maxHttpBodyBytes < 1) {
            throw new IllegalArgumentException("--max-body must be at least 1, was " + maxHttpBodyBytes);
        }
        if (workerThreads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, was " + workerThreads);
        }
        if (respPort != NO_RESP) {
            port("--resp-port", respPort);
        }
        if (pollMicros < 0 || pollMicros > MAX_POLL_MICROS) {
            throw new IllegalArgumentException("--poll-us must be 0.." + MAX_POLL_MICROS
                    + " (0: sleep at once), was " + pollMicros);
        }
    }

    /** A configuration whose event loops sleep at once. */
    public ServerConfig(String host, int tcpPort, int httpPort, int maxFrameBytes, int maxHttpBodyBytes,
                        int workerThreads, int respPort) {
        this(host, tcpPort, httpPort, maxFrameBytes, maxHttpBodyBytes, workerThreads, respPort, 0);
    }

    /** A configuration without RESP. */
    public ServerConfig(String host, int tcpPort, int httpPort, int maxFrameBytes, int maxHttpBodyBytes,
                        int workerThreads) {
        this(host, tcpPort, httpPort, maxFrameBytes, maxHttpBodyBytes, workerThreads, NO_RESP, 0);
    }

    /** Whether the server is to answer RESP on {@link #respPort}. */
    public boolean hasResp() {
        return respPort != NO_RESP;
    }

    /** The same configuration answering RESP on {@code port} (0: any free one). */
    public ServerConfig withRespPort(int port) {
        return new ServerConfig(host, tcpPort, httpPort, maxFrameBytes, maxHttpBodyBytes, workerThreads, port, pollMicros);
    }

    /** The same configuration whose event loops poll for {@code micros} µs before they sleep. */
    public ServerConfig withPollMicros(int micros) {
        return new ServerConfig(host, tcpPort, httpPort, maxFrameBytes, maxHttpBodyBytes, workerThreads, respPort, micros);
    }

    /** Loopback, the given ports, frames that fit one value of {@code maxValueBytes}, one worker per core. */
    public static ServerConfig of(int tcpPort, int httpPort, int maxValueBytes) {
        return new ServerConfig(DEFAULT_HOST, tcpPort, httpPort, frameFor(maxValueBytes),
                DEFAULT_MAX_HTTP_BODY, Runtime.getRuntime().availableProcessors());
    }

    /** The frame length that carries a PUT of {@code maxValueBytes}: the default maximum frame. */
    public static int frameFor(int maxValueBytes) {
        return (int) Math.min(Integer.MAX_VALUE, (long) BinaryProtocol.REQUEST_HEADER + maxValueBytes);
    }

    private static void port(String option, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(option + " must be 0..65535 (0: any free port), was " + port);
        }
    }
}
