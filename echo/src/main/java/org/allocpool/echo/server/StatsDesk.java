package org.allocpool.echo.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.metrics.result.RecordJson;

/**
 * Answers STATS requests on a thread of its own, so that building the JSON answer is not counted
 * as allocation of the I/O threads; the answer is written to the channel, which hands it to the
 * channel's I/O thread after the replies already queued. Thread-safe.
 */
final class StatsDesk implements AutoCloseable {

    private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "echo-stats");
        t.setDaemon(true);
        return t;
    });
    private final StatsSource source;

    /** Builds an answer for a window. */
    interface StatsSource {
        StatsAnswer answer(long sinceNs, long untilNs);
    }

    StatsDesk(StatsSource source) {
        this.source = source;
    }

    void answerLater(Channel channel, long sinceNs, long untilNs) {
        try {
            thread.execute(() -> channel.writeAndFlush(frame(() -> source.answer(sinceNs, untilNs))));
        } catch (RejectedExecutionException closing) {
            channel.close();
        }
    }

    static ByteBuf frame(Supplier<StatsAnswer> answer) {
        byte[] json;
        try {
            json = RecordJson.mapper().writeValueAsBytes(answer.get());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        ByteBuf frame = Unpooled.buffer(FrameLayout.frameBytes(json.length));
        frame.writeInt(FrameLayout.lengthField(json.length));
        frame.writeByte(FrameType.STATS_ANSWER);
        frame.writeBytes(json);
        return frame;
    }

    static long nowNs() {
        return GcLog.epochNs(Instant.now());
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
