/**
 * The kv server over a {@link org.allocpool.kv.store.MappedStore}, on Netty's NIO transport:
 * {@link org.allocpool.kv.server.KvServer} serves the binary protocol (described byte by byte in
 * {@link org.allocpool.kv.server.BinaryProtocol}; values are opaque bytes, stored as received) and
 * HTTP ({@code /users/{id}} with JSON users stored in the flyweight layout, {@code /stats});
 * {@link org.allocpool.kv.server.KvClient} is a blocking client of the binary protocol (one request at a
 * time, or pipelined: many in flight, replies read in request order) and
 * {@link org.allocpool.kv.server.UserJson} the JSON form of a user, checked field by field.
 */
package org.allocpool.kv.server;
