package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.Strategy;

/** Makes the {@link PacketStrategy} for a strategy name. Stateless; thread-safe. */
public final class PacketStrategies {

    private PacketStrategies() {
    }

    /**
     * A new strategy (pools and slabs made now, untimed); the caller owns it and closes it.
     *
     * @param pool    pool size (and slab slots) of the pooling and native strategies
     * @param mixPool pool size of {@code mix} and {@code native-mix}
     * @throws IllegalArgumentException for {@link Strategy#FLAT}, which is not a packet strategy
     */
    public static PacketStrategy create(Strategy strategy, int pool, int mixPool) {
        return switch (strategy) {
            case DUMMY -> new DummyPackets();
            case ALLOC -> new AllocatingPackets();
            case POOL -> new PooledPackets(pool);
            case MIX -> new MixedPackets(mixPool);
            case NATIVE_DUMMY -> new NativeDummyPackets();
            case NATIVE_ALLOC -> new NativeAllocatingPackets(pool);
            case NATIVE_POOL -> new NativePooledPackets(pool);
            case NATIVE_MIX -> new NativeMixedPackets(pool, mixPool);
            case FLAT -> throw new IllegalArgumentException("flat keeps packets in a slab, not in Packet objects");
        };
    }
}
