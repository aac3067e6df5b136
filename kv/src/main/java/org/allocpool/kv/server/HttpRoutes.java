package org.allocpool.kv.server;

import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.allocpool.kv.user.User;

/**
 * Routes the HTTP requests of one connection: {@code GET|PUT|DELETE /users/{id}} to
 * {@link UserResource}, {@code GET /stats} to {@link ServerStats}; anything else gets a JSON 404 or
 * 405, and a request the HTTP decoder could not read gets a JSON 400 and its connection closed.
 *
 * <p>Not thread-safe: one instance per connection, on its event loop (Netty's contract).
 */
final class HttpRoutes extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final String USERS = "/users/";

    private final UserResource users;
    private final ServerStats stats;
    private final ServerCounters counters;

    HttpRoutes(UserResource users, ServerStats stats, ServerCounters counters) {
        this.users = users;
        this.stats = stats;
        this.counters = counters;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        counters.httpRequestServed();
        if (!request.decoderResult().isSuccess()) {
            HttpReplies.error(ctx, HttpResponseStatus.BAD_REQUEST,
                    "malformed HTTP request: " + request.decoderResult().cause(), false);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path;
        try {
            path = new QueryStringDecoder(request.uri()).path();
        } catch (IllegalArgumentException e) {
            // a bad %-escape ("/u%ers/1"): the client's mistake, not a server error (found by HttpUserFuzzTest)
            HttpReplies.error(ctx, HttpResponseStatus.BAD_REQUEST, "bad path: " + e.getMessage(), keepAlive);
            return;
        }
        HttpMethod method = request.method();
        if (path.equals("/stats")) {
            if (method.equals(HttpMethod.GET)) {
                HttpReplies.json(ctx, HttpResponseStatus.OK, stats.json(), keepAlive);
            } else {
                notAllowed(ctx, method, path, "GET", keepAlive);
            }
            return;
        }
        if (!path.startsWith(USERS)) {
            HttpReplies.error(ctx, HttpResponseStatus.NOT_FOUND,
                    "no such path '" + path + "'; paths: /users/{id}, /stats", keepAlive);
            return;
        }
        String idText = path.substring(USERS.length());
        long id;
        try {
            id = Long.parseLong(idText);
        } catch (NumberFormatException e) {
            HttpReplies.error(ctx, HttpResponseStatus.BAD_REQUEST,
                    "bad id '" + idText + "' in the path; expected a whole number (64-bit)", keepAlive);
            return;
        }
        if (method.equals(HttpMethod.GET)) {
            users.get(ctx, id, keepAlive);
        } else if (method.equals(HttpMethod.PUT)) {
            User user;
            try {
                user = UserJson.read(new ByteBufInputStream(request.content()), id);
            } catch (BadUserException e) {
                HttpReplies.error(ctx, HttpResponseStatus.BAD_REQUEST, e.getMessage(), keepAlive);
                return;
            }
            users.put(ctx, user, keepAlive);
        } else if (method.equals(HttpMethod.DELETE)) {
            users.delete(ctx, id, keepAlive);
        } else {
            notAllowed(ctx, method, path, "GET, PUT, DELETE", keepAlive);
        }
    }

    private static void notAllowed(ChannelHandlerContext ctx, HttpMethod method, String path, String allowed,
                                   boolean keepAlive) {
        HttpReplies.error(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED,
                method + " is not allowed on " + path + "; allowed: " + allowed, keepAlive);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A failure on one connection (reset, a store error) ends that connection only.
        if (ctx.channel().isActive()) {
            HttpReplies.error(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, "server error: " + cause, false);
        } else {
            ctx.close();
        }
    }
}
