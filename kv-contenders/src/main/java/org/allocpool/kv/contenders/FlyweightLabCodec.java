package org.allocpool.kv.contenders;

import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserFlyweight;
import org.allocpool.kv.user.UserLayout;
import org.allocpool.kv.user.UserWriter;

/**
 * The flyweight layout in the lab: fresh, {@link FlyweightUserCodec}; at its best, written with
 * {@link UserLayout#write(User, byte[], int)} into one array it reuses (as Fory writes into one heap
 * buffer it reuses: into an off-heap segment, through a {@link UserWriter}, costs one bulk copy more,
 * measured in {@code UserCodecBenchmark}), and read in place off-heap by one {@link UserFlyweight} it
 * re-wraps, no {@code User} built. Both best ways allocate nothing. Not thread-safe: used on the
 * thread that makes it.
 */
final class FlyweightLabCodec extends ProductLabCodec {

    private final byte[] target = new byte[UserLayout.MAX_BYTES];
    private final UserFlyweight reader = new UserFlyweight();

    FlyweightLabCodec() {
        super(new FlyweightUserCodec());
    }

    @Override
    public String bestEncodeWay() {
        return "written into a reused array";
    }

    @Override
    public String bestDecodeWay() {
        return "fields read in place off-heap, no User built";
    }

    // hot path: no allocation
    @Override
    public int encodeReused(User user) {
        return UserLayout.write(user, target, 0);
    }

    // hot path: no allocation
    @Override
    public long decodeBest(MemorySegment memory, byte[] array, int offset, int length) {
        UserFlyweight user = reader.wrap(memory, offset, length);
        return user.id() + user.friendCount() + (user.hasEmail() ? 1 : 0) + (user.hasCity() ? 1 : 0);
    }
}
