package org.allocpool.kv.contenders;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserFlyweight;
import org.allocpool.kv.user.UserLayout;
import org.allocpool.kv.user.UserWriter;

/**
 * The flyweight layout in the lab: fresh, {@link FlyweightUserCodec}; at its best, written by one
 * {@link UserWriter} (through its array, then one bulk copy) into one off-heap segment it reuses,
 * and read in place by one {@link UserFlyweight} it re-wraps, no {@code User} built. Both best ways
 * allocate nothing. Not thread-safe: used on the thread that makes it (its segment is from a
 * confined arena it owns, closed by {@link #close()}).
 */
final class FlyweightLabCodec extends ProductLabCodec {

    private final Arena arena = Arena.ofConfined();
    private final MemorySegment target = arena.allocate(UserLayout.MAX_BYTES);
    private final UserWriter writer = new UserWriter();
    private final UserFlyweight reader = new UserFlyweight();

    FlyweightLabCodec() {
        super(new FlyweightUserCodec());
    }

    @Override
    public String bestEncodeWay() {
        return "written into a reused off-heap segment through an array";
    }

    @Override
    public String bestDecodeWay() {
        return "fields read in place off-heap, no User built";
    }

    // hot path: no allocation
    @Override
    public int encodeReused(User user) {
        return writer.write(user, target, 0);
    }

    // hot path: no allocation
    @Override
    public long decodeBest(MemorySegment memory, byte[] array, int offset, int length) {
        UserFlyweight user = reader.wrap(memory, offset, length);
        return user.id() + user.friendCount() + (user.hasEmail() ? 1 : 0) + (user.hasCity() ? 1 : 0);
    }

    @Override
    public void close() {
        arena.close();
    }
}
