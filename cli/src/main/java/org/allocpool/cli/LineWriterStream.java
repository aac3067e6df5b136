package org.allocpool.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * An {@link OutputStream} that hands whole UTF-8 lines to a {@link PrintWriter} (picocli's out or
 * err), so code that prints to a {@link java.io.PrintStream} writes where the command line says.
 * Single-threaded; does not own the writer (closing this stream only flushes).
 */
final class LineWriterStream extends OutputStream {

    private final PrintWriter writer;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(128);

    LineWriterStream(PrintWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(int b) {
        line.write(b);
        if (b == '\n') {
            flush();
        }
    }

    @Override
    public void flush() {
        if (line.size() > 0) {
            writer.print(line.toString(StandardCharsets.UTF_8));
            line.reset();
        }
        writer.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
