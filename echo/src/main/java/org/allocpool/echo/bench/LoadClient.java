package org.allocpool.echo.bench;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.FrameListener;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.MessageLayout;
import org.allocpool.echo.wire.TopOfBookCodec;

/**
 * One bench connection. Flat out, it keeps {@code window} events in flight: a reply makes room
 * for the next event. At a fixed rate, a timer sends every event whose intended time has come,
 * stamped with that intended time, so that a stalled server shows as latency (no coordinated
 * omission). Each event carries its send time; the reply's round trip is recorded into an
 * HdrHistogram recorder without allocation. Events of one read leave in one pooled buffer.
 *
 * <p>Owned by the connection's event loop thread, the only writer of its counts and latencies. The
 * bench's main thread reads them while the load runs, at each round's boundary: the counts with
 * opaque reads (each a whole, recent value), the latencies through the recorder's interval
 * histograms, which it hands over safely.
 */
final class LoadClient implements FrameListener {

    /** Longest round trip recorded exactly; longer ones are recorded as this. */
    static final long MAX_LATENCY_NS = TimeUnit.MINUTES.toNanos(1);
    private static final long MIN_TICK_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private static final VarHandle SENT;
    private static final VarHandle RECEIVED;
    private static final VarHandle ERRORS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SENT = lookup.findVarHandle(LoadClient.class, "sent", long.class);
            RECEIVED = lookup.findVarHandle(LoadClient.class, "received", long.class);
            ERRORS = lookup.findVarHandle(LoadClient.class, "errors", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BenchSettings settings;
    private final LoadControl control;
    private final SingleWriterRecorder latencies = new SingleWriterRecorder(MAX_LATENCY_NS, 3);
    private final TopOfBook topOfBook = new TopOfBook().symbol(EventCodes.symbol("EUR/USD")).ecn(EventCodes.ecn("EBS"))
            .bidPrice(0.9913).askPrice(0.9917).bidQuantity(1_000_000).askQuantity(2_500_000);
    private final Message message;
    private final long intervalNs;
    private ByteBuf pending;
    private long startNs;
    private long scheduled;
    // written by the event loop only, read opaquely by the bench's main thread: totals since the start
    private long sent;
    private long received;
    private long errors;

    LoadClient(BenchSettings settings, LoadControl control) {
        this.settings = settings;
        this.control = control;
        this.message = new Message(settings.messageBytes());
        byte[] payload = message.resize(settings.messageBytes() - MessageLayout.PAYLOAD);
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) ('a' + i % 26);
        }
        this.intervalNs = settings.rate() == 0 ? 0 : Math.max(1, settings.clients() * 1_000_000_000L / settings.rate());
    }

    /** The connection is up: fill the window, or start the timer. */
    void start(ChannelHandlerContext ctx) {
        startNs = System.nanoTime();
        if (intervalNs == 0) {
            for (int i = 0; i < settings.window(); i++) {
                send(ctx, System.nanoTime());
            }
            flush(ctx);
        } else {
            long tick = Math.max(intervalNs, MIN_TICK_NS);
            ctx.executor().scheduleAtFixedRate(() -> tick(ctx), 0, tick, TimeUnit.NANOSECONDS);
        }
    }

    // hot path: no allocation (pooled buffers aside)
    private void tick(ChannelHandlerContext ctx) {
        if (control.isStopping() || !ctx.channel().isActive()) {
            return;
        }
        long now = System.nanoTime();
        int burst = 0;
        while (startNs + scheduled * intervalNs <= now && ctx.channel().isWritable() && burst++ < 4096) {
            send(ctx, startNs + scheduled * intervalNs);
            scheduled++;
        }
        flush(ctx);
    }

    // hot path: no allocation
    @Override
    public void onFrame(ChannelHandlerContext ctx, byte type, ByteBuf buffer, int index, int length) {
        long now = System.nanoTime();
        if (type == FrameType.TOP_OF_BOOK || type == FrameType.MESSAGE) {
            long latency = now - buffer.getLong(index); // both bodies start with sendingTimeNS
            latencies.recordValue(Math.min(Math.max(latency, 0), MAX_LATENCY_NS));
            RECEIVED.setOpaque(this, received + 1);
        } else if (type == FrameType.ERROR) {
            ERRORS.setOpaque(this, errors + 1);
        } else {
            return;
        }
        if (intervalNs == 0 && !control.isStopping()) {
            send(ctx, System.nanoTime());
        }
    }

    @Override
    public void onBadLength(ChannelHandlerContext ctx, int length, int maxFrame) {
        control.fail("the server sent a frame length of " + length);
    }

    // hot path: no allocation
    @Override
    public void onReadEnd(ChannelHandlerContext ctx) {
        flush(ctx);
    }

    private void send(ChannelHandlerContext ctx, long sendingTimeNS) {
        int frameBytes = settings.frameBytes();
        if (pending != null && pending.writableBytes() < frameBytes) {
            flush(ctx);
        }
        if (pending == null) {
            pending = ctx.alloc().ioBuffer(frameBytes * Math.min(64, settings.window()));
        }
        if (settings.event() == EventKind.TOP_OF_BOOK) {
            TopOfBookCodec.encode(topOfBook.sendingTimeNS(sendingTimeNS), pending);
        } else {
            MessageCodec.encode(message.sendingTimeNS(sendingTimeNS), pending);
        }
        SENT.setOpaque(this, sent + 1);
    }

    private void flush(ChannelHandlerContext ctx) {
        if (pending != null) {
            ctx.writeAndFlush(pending, ctx.voidPromise());
            pending = null;
        }
    }

    /** Events sent since the start (any thread). */
    long sent() {
        return (long) SENT.getOpaque(this);
    }

    /** Echoes received since the start (any thread). */
    long received() {
        return (long) RECEIVED.getOpaque(this);
    }

    /** Error replies received since the start (any thread). */
    long errors() {
        return (long) ERRORS.getOpaque(this);
    }

    /**
     * Puts the round trips recorded since the last call into {@code into}, replacing what it held;
     * the next call starts from here. One reader thread (the bench's main thread).
     */
    void latenciesSinceLast(Histogram into) {
        latencies.getIntervalHistogramInto(into);
    }
}
