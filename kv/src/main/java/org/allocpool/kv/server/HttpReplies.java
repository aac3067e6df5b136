package org.allocpool.kv.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the HTTP side's JSON replies: a body of JSON bytes, or an error as
 * {@code {"status": 404, "error": "no user 42"}}. Thread-safe (stateless).
 */
final class HttpReplies {

    private HttpReplies() {
    }

    /** Sends a JSON body; closes the connection after it unless {@code keepAlive}. */
    static void json(ChannelHandlerContext ctx, HttpResponseStatus status, byte[] body, boolean keepAlive) {
        ByteBuf content = ctx.alloc().buffer(body.length).writeBytes(body);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        if (keepAlive) {
            ctx.writeAndFlush(response, ctx.voidPromise());
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Sends {@code {"status": code, "error": message}}. */
    static void error(ChannelHandlerContext ctx, HttpResponseStatus status, String message, boolean keepAlive) {
        json(ctx, status, errorBody(status, message), keepAlive);
    }

    static byte[] errorBody(HttpResponseStatus status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status.code());
        body.put("error", message);
        return bytes(body);
    }

    static byte[] bytes(Object value) {
        try {
            return UserJson.MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
