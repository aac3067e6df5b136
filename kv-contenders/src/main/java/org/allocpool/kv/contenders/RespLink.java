package org.allocpool.kv.contenders;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A blocking RESP2 connection to a server the servers section measures (Redis or {@code kv serve}),
 * for what {@code redis-benchmark} does not do: loading the keys it will read and asking
 * {@code INFO}. Replies are read whole as text (simple, error, integer, bulk; no arrays). Not
 * thread-safe: one thread per connection; the caller closes it.
 */
final class RespLink implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private RespLink(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        this.in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    }

    /** Connects to {@code address}; every read waits {@code timeout} at the most. */
    static RespLink connect(InetSocketAddress address, Duration timeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(address, (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.setTcpNoDelay(true);
            return new RespLink(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** Sends one command and returns its reply as text. @throws IOException on an error reply too */
    String call(String... args) throws IOException {
        write(args);
        out.flush();
        return reply();
    }

    /**
     * Stores {@code count} keys {@code key:%012d} from {@code first} with a value of {@code valueBytes}
     * bytes, as {@code redis-benchmark -r} names them, pipelined {@code batch} at a time.
     */
    void loadKeys(long first, long count, int valueBytes, int batch) throws IOException {
        String value = "x".repeat(valueBytes);
        for (long done = 0; done < count; ) {
            int n = (int) Math.min(batch, count - done);
            for (int i = 0; i < n; i++) {
                write("SET", key(first + done + i), value);
            }
            out.flush();
            for (int i = 0; i < n; i++) {
                reply();
            }
            done += n;
        }
    }

    /** The key {@code redis-benchmark} makes of {@code __rand_int__} for {@code n}. */
    static String key(long n) {
        return "key:" + String.format("%012d", n);
    }

    private void write(String... args) throws IOException {
        out.write(('*' + Integer.toString(args.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String arg : args) {
            byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
            out.write(('$' + Integer.toString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write('\r');
            out.write('\n');
        }
    }

    private String reply() throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new EOFException("the server closed the connection");
        }
        String line = line();
        return switch (type) {
            case '+', ':' -> line;
            case '-' -> throw new IOException("the server replied " + line);
            case '$' -> {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    yield null;
                }
                byte[] bytes = in.readNBytes(length + 2);
                if (bytes.length < length + 2) {
                    throw new EOFException("the server closed the connection in a reply");
                }
                yield new String(bytes, 0, length, StandardCharsets.UTF_8);
            }
            default -> throw new IOException("unexpected reply type '" + (char) type + "'");
        };
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        int b;
        while ((b = in.read()) != '\n') {
            if (b < 0) {
                throw new EOFException("the server closed the connection in a reply");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
