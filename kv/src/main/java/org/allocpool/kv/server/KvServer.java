package org.allocpool.kv.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SelectStrategy;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.nio.channels.spi.SelectorProvider;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.SyncBatch;

/**
 * The kv server: the binary protocol ({@link BinaryProtocol}) on one port, HTTP
 * ({@code /users/{id}}, {@code /stats}) on another and, when asked, RESP2 (the Redis protocol,
 * {@link RespRequestHandler}, byte-string keys) on a third, all over one {@link MappedStore}, on Netty's
 * NIO transport (pure Java: no native transport, no {@code sun.misc.Unsafe} needed).
 *
 * <p>Thread-safe: {@link #start} binds both ports and returns; connections are served by
 * {@link ServerConfig#workerThreads()} event-loop threads, each connection by one of them, all of
 * them sharing the store (which is thread-safe). {@link #close} may be called from any thread, once
 * or more. The server does not own the store: its opener closes it, after closing the server.
 */
public final class KvServer implements AutoCloseable {

    /**
     * The buffers of every connection: pooled with per-thread caches, whose buffers are recycled
     * objects, so a request allocates nothing on the heap once warm (measured; Netty 4.2's default,
     * the adaptive allocator, allocates a little).
     */
    static final ByteBufAllocator ALLOCATOR = PooledByteBufAllocator.DEFAULT;

    /** The prefix of the event-loop threads' names (a test reads their allocation counters by it). */
    static final String WORKER_THREAD_NAME = "kv-worker";

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ChannelGroup channels = new DefaultChannelGroup("kv", GlobalEventExecutor.INSTANCE);
    private final ServerCounters counters = new ServerCounters();
    private final ServerStats stats;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Sync mode: the group commit of each event loop, made when it gets its first connection. */
    private final Map<EventLoop, LoopCommit> loopCommits = new ConcurrentHashMap<>();
    private InetSocketAddress tcpAddress;
    private InetSocketAddress httpAddress;
    private InetSocketAddress respAddress;

    private KvServer(MappedStore store, ServerConfig config) {
        this.boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.workers = new MultiThreadIoEventLoopGroup(config.workerThreads(), new DefaultThreadFactory(WORKER_THREAD_NAME),
                workerHandlers(config));
        this.stats = new ServerStats(store, counters);
    }

    /**
     * Binds both ports and starts serving.
     *
     * @throws java.io.UncheckedIOException naming the address, when a port cannot be bound
     */
    public static KvServer start(MappedStore store, ServerConfig config) {
        KvServer server = new KvServer(store, config);
        try {
            server.tcpAddress = server.bind(config.host(), config.tcpPort(), new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    server.channels.add(ch);
                    SyncBatch batch = server.groupCommit(store, ch);
                    ch.pipeline().addLast(new FrameDecoder(config.maxFrameBytes()),
                            new BinaryRequestHandler(new StoreRequests(store, batch), server.counters));
                }
            });
            server.httpAddress = server.bind(config.host(), config.httpPort(), new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    server.channels.add(ch);
                    ChannelPipeline pipeline = ch.pipeline();
                    if (store.durability() == Durability.SYNC) {
                        // the HTTP routes call the store directly: the loop's staged writes go first
                        pipeline.addLast(new CommitBeforeRead(server.loopCommit(store, ch)));
                    }
                    pipeline.addLast(new HttpServerCodec(), new JsonBodyAggregator(config.maxHttpBodyBytes()),
                            new HttpRoutes(new UserResource(store), server.stats,
                                    server.counters));
                }
            });
            if (config.hasResp()) {
                server.respAddress = server.bindResp(store, config);
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The workers' NIO handlers: polling for {@link ServerConfig#pollMicros} before sleeping, where it is not 0. */
    private static IoHandlerFactory workerHandlers(ServerConfig config) {
        if (config.pollMicros() == 0) {
            return NioIoHandler.newFactory();
        }
        SelectStrategy poll = new PollBeforeSleep(TimeUnit.MICROSECONDS.toNanos(config.pollMicros()));
        return NioIoHandler.newFactory(SelectorProvider.provider(), () -> poll);
    }

    /** Binds the RESP port; the largest request holds an MSET of a few hundred values of the largest size. */
    private InetSocketAddress bindResp(MappedStore store, ServerConfig config) {
        int maxBulk = Math.max(store.maxValueBytes(), store.maxKeyBytes());
        int maxRequest = (int) Math.min(Integer.MAX_VALUE - 1024, Math.max(4L << 20, 2L * maxBulk + 1024));
        RespParser parser = new RespParser(maxBulk, maxRequest);
        RespServerCommands serverCommands = new RespServerCommands(store);
        InetSocketAddress address = bind(config.host(), config.respPort(), new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                channels.add(ch);
                SyncBatch batch = groupCommit(store, ch);
                ch.pipeline().addLast(new RespRequestHandler(parser, new RespCommands(store, serverCommands, batch),
                        counters));
            }
        });
        return address;
    }

    /**
     * In sync mode: the batch of the connection's event loop ({@link LoopCommit}, made with the
     * loop's first connection), the connection's {@link CommitBeforeFlush} first in its
     * pipeline; else null (each write is one store call, as fast as it gets in async mode).
     */
    private SyncBatch groupCommit(MappedStore store, SocketChannel ch) {
        if (store.durability() != Durability.SYNC) {
            return null;
        }
        LoopCommit loop = loopCommit(store, ch);
        ch.pipeline().addFirst(new CommitBeforeFlush(loop));
        return loop.batch();
    }

    /** The group commit of {@code ch}'s event loop, made with the loop's first connection. */
    private LoopCommit loopCommit(MappedStore store, SocketChannel ch) {
        return loopCommits.computeIfAbsent(ch.eventLoop(), ignored -> new LoopCommit(store.beginBatch()));
    }

    private InetSocketAddress bind(String host, int port, ChannelInitializer<SocketChannel> initializer) {
        Channel channel;
        try {
            channel = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.ALLOCATOR, ALLOCATOR)
                    .childHandler(initializer)
                    .bind(host, port)
                    .syncUninterruptibly()
                    .channel();
        } catch (Exception e) {
            // Netty rethrows the bind's checked exception (e.g. BindException) undeclared.
            throw new java.io.UncheckedIOException(new java.io.IOException(
                    "cannot listen on " + host + ":" + port + ": " + e.getMessage(), e));
        }
        channels.add(channel);
        return (InetSocketAddress) channel.localAddress();
    }

    /** The binary protocol's bound address (its real port when 0 was asked for). */
    public InetSocketAddress tcpAddress() {
        return tcpAddress;
    }

    /** The HTTP server's bound address (its real port when 0 was asked for). */
    public InetSocketAddress httpAddress() {
        return httpAddress;
    }

    /** The RESP server's bound address (its real port when 0 was asked for), or null when RESP is off. */
    public InetSocketAddress respAddress() {
        return respAddress;
    }

    /** Requests answered so far over every protocol (error replies included). */
    public long requestsServed() {
        return counters.tcpRequests() + counters.httpRequests() + counters.respRequests();
    }

    /**
     * Stops listening, closes every open connection and stops the event loops, waiting for them (a
     * request being run completes first). Leaves the store open.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        channels.close().awaitUninterruptibly();
        boss.shutdownGracefully(0, 5, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 5, TimeUnit.SECONDS);
        boss.terminationFuture().awaitUninterruptibly();
        workers.terminationFuture().awaitUninterruptibly();
    }
}
