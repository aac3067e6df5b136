package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.packet.PacketSource;

/** Makes the {@link PacketStrategy} for a strategy name. Stateless; thread-safe. */
public final class PacketStrategies {

    private PacketStrategies() {
    }

    /** {@link #create(Strategy, int, int, int)} with the article's 1,024-byte packets. */
    public static PacketStrategy create(Strategy strategy, int pool, int mixPool) {
        return create(strategy, pool, mixPool, PacketSource.PACKET_SIZE);
    }

    /**
     * A new strategy (pools and slabs made now, untimed); the caller owns it and closes it.
     *
     * @param pool       pool size (and slab slots) of the pooling and native strategies
     * @param mixPool    pool size of {@code mix} and {@code native-mix}
     * @param packetSize bytes per packet buffer or slab slot
     * @throws IllegalArgumentException for {@link Strategy#FLAT}, which is not a packet strategy
     */
    public static PacketStrategy create(Strategy strategy, int pool, int mixPool, int packetSize) {
        return (PacketStrategy) make(strategy, pool, mixPool, packetSize);
    }

    // Returns Object on purpose: checking that each branch's class is a PacketStrategy would make
    // the bytecode verifier load all eight classes. This way only the one made is loaded, class
    // hierarchy analysis sees a single subclass, and the workload's get/free calls are devirtualised
    // and inlined without even a type guard, as with the article's one PacketManager per JVM.
    private static Object make(Strategy strategy, int pool, int mixPool, int packetSize) {
        switch (strategy) {
            case DUMMY:
                return new DummyPackets(packetSize);
            case ALLOC:
                return new AllocatingPackets(packetSize);
            case POOL:
                return PooledPackets.onHeap(pool, packetSize);
            case MIX:
                return new MixedPackets(mixPool, packetSize);
            case NATIVE_DUMMY:
                return new NativeDummyPackets(packetSize);
            case NATIVE_ALLOC:
                return new NativeAllocatingPackets(pool, packetSize);
            case NATIVE_POOL:
                return PooledPackets.overSlab(pool, packetSize);
            case NATIVE_MIX:
                return new NativeMixedPackets(pool, mixPool, packetSize);
            case FLAT:
                throw new IllegalArgumentException("flat keeps packets in a slab, not in Packet objects");
            default:
                throw new IllegalArgumentException("no packet strategy for " + strategy);
        }
    }
}
