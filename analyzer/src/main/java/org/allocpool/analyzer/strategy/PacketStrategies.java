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
        return (PacketStrategy) make(strategy, pool, mixPool);
    }

    // Returns Object on purpose: checking that each branch's class is a PacketStrategy would make
    // the bytecode verifier load all eight classes. This way only the one made is loaded, class
    // hierarchy analysis sees a single subclass, and the workload's get/free calls are devirtualised
    // and inlined without even a type guard, as with the article's one PacketManager per JVM.
    private static Object make(Strategy strategy, int pool, int mixPool) {
        switch (strategy) {
            case DUMMY:
                return new DummyPackets();
            case ALLOC:
                return new AllocatingPackets();
            case POOL:
                return PooledPackets.onHeap(pool);
            case MIX:
                return new MixedPackets(mixPool);
            case NATIVE_DUMMY:
                return new NativeDummyPackets();
            case NATIVE_ALLOC:
                return new NativeAllocatingPackets(pool);
            case NATIVE_POOL:
                return PooledPackets.overSlab(pool);
            case NATIVE_MIX:
                return new NativeMixedPackets(pool, mixPool);
            case FLAT:
                throw new IllegalArgumentException("flat keeps packets in a slab, not in Packet objects");
            default:
                throw new IllegalArgumentException("no packet strategy for " + strategy);
        }
    }
}
