package org.allocpool.kv.contenders;

import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * A {@link LabCodec} over one of the product's own codecs ({@code kv}'s {@link UserCodec}s): the
 * fresh way is that codec's, as it is; subclasses add the best way. Not thread-safe, as LabCodec.
 */
abstract class ProductLabCodec implements LabCodec {

    /** The product's codec: the fresh way. */
    protected final UserCodec fresh;

    ProductLabCodec(UserCodec fresh) {
        this.fresh = fresh;
    }

    @Override
    public final String name() {
        return fresh.name();
    }

    @Override
    public final byte[] encode(User user) {
        return fresh.encode(user);
    }

    @Override
    public final User decode(byte[] bytes, int offset, int length) {
        return fresh.decode(bytes, offset, length);
    }
}
