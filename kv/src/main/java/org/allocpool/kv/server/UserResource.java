package org.allocpool.kv.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * {@code /users/{id}} over the store: users are stored in the flyweight layout
 * ({@link FlyweightUserCodec}), the same bytes a binary-protocol client reads and writes, and turned
 * into JSON on the way out. Thread-safe: the store is, the codec is stateless; the copy buffer is
 * per instance, and there is one instance per connection.
 */
final class UserResource {

    private final MappedStore store;
    private final UserCodec codec = new FlyweightUserCodec();
    private final int maxValueBytes;
    private final CopyBuffer copy;

    UserResource(MappedStore store) {
        this.store = store;
        this.maxValueBytes = store.maxValueBytes();
        this.copy = new CopyBuffer(store);
    }

    void get(ChannelHandlerContext ctx, long id, boolean keepAlive) {
        int length = copy.copy(id);
        if (length == MappedStore.ABSENT) {
            HttpReplies.error(ctx, HttpResponseStatus.NOT_FOUND, "no user " + id, keepAlive);
            return;
        }
        User user;
        try {
            user = codec.decode(copy.bytes(), 0, length);
        } catch (RuntimeException e) {
            // Bytes PUT over TCP are opaque: they need not be a user.
            HttpReplies.error(ctx, HttpResponseStatus.UNPROCESSABLE_ENTITY, "the " + length + " bytes stored under "
                    + id + " are not a user in the flyweight layout (" + e.getMessage() + ")", keepAlive);
            return;
        }
        HttpReplies.json(ctx, HttpResponseStatus.OK, UserJson.write(user), keepAlive);
    }

    void put(ChannelHandlerContext ctx, User user, boolean keepAlive) {
        byte[] bytes = codec.encode(user);
        if (bytes.length > maxValueBytes) {
            HttpReplies.error(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "user " + user.id() + " takes "
                    + bytes.length + " bytes encoded, over the store's limit of " + maxValueBytes, keepAlive);
            return;
        }
        boolean existed = store.containsKey(user.id());
        store.put(user.id(), bytes, 0, bytes.length);
        HttpReplies.json(ctx, existed ? HttpResponseStatus.OK : HttpResponseStatus.CREATED,
                UserJson.write(user), keepAlive);
    }

    void delete(ChannelHandlerContext ctx, long id, boolean keepAlive) {
        if (store.remove(id)) {
            HttpReplies.json(ctx, HttpResponseStatus.OK, HttpReplies.bytes(Map.of("deleted", id)), keepAlive);
        } else {
            HttpReplies.error(ctx, HttpResponseStatus.NOT_FOUND, "no user " + id, keepAlive);
        }
    }
}
