package org.allocpool.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.allocpool.metrics.progress.ProgressMarker;

/**
 * Follows a child's stderr as the OS writes it into the cell's {@code .log} and hands what each
 * {@link ProgressMarker} line says ({@code round 7 of 10}) to a consumer, in order. The file is read
 * every {@link #POLL} by one daemon thread, and once more, to its end, on {@link #close()}, so that
 * no marker a child printed before it exited is missed. Reading the file rather than the pipe keeps
 * the child's stderr where the OS puts it (a grandchild, such as the C++ analyser's probes, writes
 * there too). Started and closed by one thread; the consumer is called from the following thread
 * and from the closing one, never from both at once.
 */
final class ProgressFollower implements AutoCloseable {

    /** How often the file is read: a marker shows within this of being written. */
    static final Duration POLL = Duration.ofMillis(500);

    private final Path file;
    private final Consumer<String> where;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private final ByteBuffer buffer = ByteBuffer.allocate(8192);
    private final Thread thread;
    private volatile boolean closed;
    private long position;

    private ProgressFollower(Path file, Consumer<String> where) {
        this.file = file;
        this.where = where;
        this.thread = Thread.ofPlatform().name("allocpool-progress-" + file.getFileName()).daemon().unstarted(this::follow);
    }

    /** Starts following {@code file} from its start, handing what each marker says to {@code where}. */
    static ProgressFollower start(Path file, Consumer<String> where) {
        ProgressFollower follower = new ProgressFollower(file, where);
        follower.thread.start();
        return follower;
    }

    /** Stops the thread, then reads the file to its end. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join(POLL.toMillis() * 4);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        readNew();
        if (partial.size() > 0) {
            line(partial.toString(StandardCharsets.UTF_8));
            partial.reset();
        }
    }

    private void follow() {
        while (!closed) {
            readNew();
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** Reads what the file gained since the last read; complete lines go to {@link #line}. */
    private synchronized void readNew() {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() < position) {
                position = 0; // replaced: the child's redirect truncated it
                partial.reset();
            }
            channel.position(position);
            for (int n = channel.read(buffer); n > 0; n = channel.read(buffer)) {
                position += n;
                buffer.flip();
                while (buffer.hasRemaining()) {
                    byte b = buffer.get();
                    if (b == '\n') {
                        // splitting UTF-8 at '\n' is safe: no byte of a multi-byte character is 0x0A
                        line(partial.toString(StandardCharsets.UTF_8));
                        partial.reset();
                    } else {
                        partial.write(b);
                    }
                }
                buffer.clear();
            }
        } catch (NoSuchFileException notYet) {
            // the child has not been started yet
        } catch (IOException e) {
            // progress is for people: a log that cannot be read only leaves the line as it was
        }
    }

    private void line(String text) {
        String said = ProgressMarker.whereOf(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
        if (said != null) {
            where.accept(said);
        }
    }
}
