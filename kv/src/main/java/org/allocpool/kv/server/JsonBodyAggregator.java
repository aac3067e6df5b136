package org.allocpool.kv.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpMessage;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Collects a request and its body into one message, as Netty's aggregator does, but answers a body
 * over the limit with a JSON 413 (naming the limit) instead of an empty one. As Netty's does, it
 * keeps a keep-alive connection open and skips the rest of that body (closing on a client still
 * sending would reset the connection before the client reads the 413), and closes otherwise.
 *
 * <p>Not thread-safe: one instance per connection, on its event loop (Netty's contract).
 */
final class JsonBodyAggregator extends HttpObjectAggregator {

    private final int maxBodyBytes;

    JsonBodyAggregator(int maxBodyBytes) {
        super(maxBodyBytes);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpResponseStatus status = HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE;
        byte[] body = HttpReplies.errorBody(status, "request body is over the limit of " + maxBodyBytes + " bytes");
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                ctx.alloc().buffer(body.length).writeBytes(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        boolean close = oversized instanceof FullHttpMessage
                || !HttpUtil.is100ContinueExpected(oversized) && !HttpUtil.isKeepAlive(oversized);
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
    }
}
