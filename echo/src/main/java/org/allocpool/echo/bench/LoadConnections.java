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
import org.allocpool.echo.wire.FrameDecoder;

/**
 * The bench's load: one {@link LoadClient} per connection to the server, all on one small client
 * event loop group that this object owns. A connection that the server closes, or that fails,
 * while the load is not stopping fails the run through {@link LoadControl}.
 *
 * <p>Opened and closed by the bench's main thread; the clients run on the group's threads, and
 * their counts are read whole only after {@link #stop()}.
 */
final class LoadConnections implements AutoCloseable {

    private final EventLoopGroup group;
    private final List<LoadClient> clients = new ArrayList<>();

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

    /** The clients, one per connection. */
    List<LoadClient> clients() {
        return clients;
    }

    /** Replies received so far by all clients, measured or not (an estimate while the load runs). */
    long receivedInAll() {
        long sum = 0;
        for (LoadClient c : clients) {
            sum += c.receivedInAll();
        }
        return sum;
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
