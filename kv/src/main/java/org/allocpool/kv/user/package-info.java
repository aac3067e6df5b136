/**
 * The kv experiment's record, {@link org.allocpool.kv.user.User}, its deterministic
 * {@link org.allocpool.kv.user.UserGenerator generator}, and its codecs behind
 * {@link org.allocpool.kv.user.UserCodec}: the allocpool binary layout
 * ({@link org.allocpool.kv.user.UserLayout}, read in place by
 * {@link org.allocpool.kv.user.UserFlyweight}) and JDK serialisation. The store holds bytes;
 * codecs live here, beside it.
 */
package org.allocpool.kv.user;
