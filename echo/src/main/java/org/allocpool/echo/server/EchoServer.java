package org.allocpool.echo.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.allocpool.echo.buffers.CodecBuffers;
import org.allocpool.echo.wire.FrameDecoder;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.CollectorName;

/**
 * The echo service: a Netty TCP server (NIO transport) that sends every event straight back.
 * {@link #start} binds and returns once it listens; {@link #close} stops it. Its I/O threads are
 * known ({@link #ioAllocatedBytes()}), its garbage collections are followed through JFR, and a
 * STATS request reports both. Thread-safe; owns its event loops, its thread-local buffers
 * (through its {@link CodecBuffers}) and its STATS thread, all released by {@link #close}.
 */
public final class EchoServer implements AutoCloseable {

    /**
     * The service name in the line {@code echo serve} prints once it listens
     * ({@code org.allocpool.process.ReadyLine}: {@code echo: listening on <host>:<port>}).
     */
    public static final String SERVICE = "echo";

    private final ServerSettings settings;
    private final Consumer<String> log;
    private final IoThreads ioThreads = new IoThreads("echo-io");
    private final ServerCounters counters = new ServerCounters();
    private final EventLoopGroup group;
    private final GcLog gcLog;
    private final StatsDesk stats;
    private final Environment env = Environment.current();
    private final String collector = CollectorName.current();
    private final CodecBuffers buffers;
    private final Channel serverChannel;

    private EchoServer(ServerSettings settings, Consumer<String> log) throws IOException {
        this.settings = settings;
        this.log = log;
        this.stats = new StatsDesk(this::stats);
        this.buffers = CodecBuffers.of(settings.buffers(), settings.bufferSize(), settings.bufferCap());
        this.group = new MultiThreadIoEventLoopGroup(settings.ioThreads(), ioThreads, NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, buffers.channelAllocator())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        counters.connected();
                        EventDispatcher dispatcher = new EventDispatcher(buffers, settings.copyPerEvent(), counters,
                                stats, log);
                        channel.pipeline().addLast(new FrameDecoder(settings.maxFrame(), dispatcher), new Failures());
                    }
                });
        try {
            this.serverChannel = bootstrap.bind(settings.host(), settings.port()).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            this.gcLog = null;
            closeQuietly();
            throw new IOException("cannot listen on " + settings.host() + ":" + settings.port() + ": " + e.getMessage(), e);
        }
        // after the allocators are made: Netty's adaptive allocator registers with JFR, which waits while JFR starts
        this.gcLog = new GcLog();
    }

    /**
     * Starts a server and returns once it listens.
     *
     * @param log where to say why a connection was closed (one line each)
     * @throws IOException when it cannot bind
     */
    public static EchoServer start(ServerSettings settings, Consumer<String> log) throws IOException {
        return new EchoServer(settings, log);
    }

    /** The address it listens on (the real port when started with port 0). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    public ServerSettings settings() {
        return settings;
    }

    /** Events echoed since start. */
    public long eventsEchoed() {
        return counters.eventsEchoed();
    }

    /** Bytes allocated by the server's I/O threads since start (their own JVM counters). */
    public long ioAllocatedBytes() {
        return ioThreads.allocatedBytes();
    }

    /** What a STATS request answers, with the garbage collections of {@code [sinceNs, untilNs]}. */
    public StatsAnswer stats(long sinceNs, long untilNs) {
        long now = StatsDesk.nowNs();
        return new StatsAnswer(settings.buffers().label(), settings.copyPerEvent(), settings.maxFrame(),
                settings.bufferSize(), settings.bufferCap(), settings.ioThreads(), collector, env, now,
                counters.eventsEchoed(), counters.errors(), counters.connections(), ioThreads.allocatedBytes(),
                buffers.grown(), buffers.replaced(), gcLog.window(0, 0), gcLog.window(sinceNs, untilNs));
    }

    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        stats.close();
        if (gcLog != null) {
            gcLog.close();
        }
    }

    /** Last in every pipeline: a connection that fails is closed with one log line; the server goes on. */
    private final class Failures extends ChannelInboundHandlerAdapter {
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (!(cause instanceof IOException)) { // a reset by the peer is ordinary; anything else is worth a line
                log.accept("echo: closing " + ctx.channel().remoteAddress() + ": " + cause);
            }
            ctx.close();
        }
    }
}
