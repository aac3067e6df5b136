package org.allocpool.echo.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.allocpool.echo.wire.FrameDecoder;

/**
 * The bench's load: one {@link LoadClient} per connection to the server, all on one small client
 * event loop group that this object owns. A connection that the server closes, or that fails,
 * while the load is not stopping fails the run through {@link LoadControl}.
 *
 * <p>Opened, read and closed by the bench's main thread; the clients run on the group's threads.
 * Their totals and latencies are read while they run ({@link #totals()}, {@link #latenciesSinceLast()}),
 * at each round's boundary.
 */
final class LoadConnections implements AutoCloseable {

    private final EventLoopGroup group;
    private final List<LoadClient> clients = new ArrayList<>();
    /** One client's latencies of a round, before they join the others'; the main thread's only. */
    private final Histogram scratch = new Histogram(LoadClient.MAX_LATENCY_NS, 3);

    private LoadConnections(EventLoopGroup group) {
        this.group = group;
    }

    /** Connects {@code settings.clients()} clients to {@code server}; each starts its load once connected. */
    static LoadConnections open(BenchSettings settings, InetSocketAddress server, LoadControl control) {
        LoadConnections load = new LoadConnections(new MultiThreadIoEventLoopGroup(settings.clientThreads(),
                new DefaultThreadFactory("echo-bench", true), NioIoHandler.newFactory()));
        try {
            Bootstrap bootstrap = new Bootstrap().group(load.group).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT);
            for (int i = 0; i < settings.clients(); i++) {
                LoadClient client = new LoadClient(settings, control);
                load.clients.add(client);
                // the channels close with the group's shutdown
                bootstrap.handler(new ClientChannel(client, control)).connect(server).syncUninterruptibly();
            }
            return load;
        } catch (RuntimeException e) {
            load.close();
            throw e;
        }
    }

    /** Every client's events sent, echoes and error replies received since the start, summed. */
    Totals totals() {
        long sent = 0;
        long received = 0;
        long errors = 0;
        for (LoadClient c : clients) {
            sent += c.sent();
            received += c.received();
            errors += c.errors();
        }
        return new Totals(sent, received, errors);
    }

    /** Every client's round trips since the last call, in one new histogram (nanoseconds). */
    Histogram latenciesSinceLast() {
        Histogram all = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
        for (LoadClient c : clients) {
            c.latenciesSinceLast(scratch);
            all.add(scratch);
        }
        return all;
    }

    /** Counts summed over the clients. */
    record Totals(long sent, long received, long errors) {
    }

    /** Stops the event loops and waits until they ended: the clients' counts are final after this. */
    void stop() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Stops the event loops, waiting at most a few seconds for them. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /** The pipeline of one connection: frames to its client, and a watch over the connection. */
    private static final class ClientChannel extends ChannelInitializer<SocketChannel> {
        private final LoadClient client;
        private final LoadControl control;

        ClientChannel(LoadClient client, LoadControl control) {
            this.client = client;
            this.control = control;
        }

        @Override
        protected void initChannel(SocketChannel ch) {
            ch.pipeline().addLast(new FrameDecoder(Integer.MAX_VALUE - 16, client), new ChannelInboundHandlerAdapter() {
                @Override
                public void channelActive(ChannelHandlerContext ctx) {
                    client.start(ctx.pipeline().firstContext());
                }

                @Override
                public void channelInactive(ChannelHandlerContext ctx) {
                    if (!control.isStopping()) {
                        control.fail("the server closed a bench connection");
                    }
                }

                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    if (!control.isStopping()) {
                        control.fail("a bench connection failed: " + cause);
                    }
                    ctx.close();
                }
            });
        }
    }
}
