package org.allocpool.analyzer.workload;

import java.util.List;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.flat.FlatAnalyzer;
import org.allocpool.analyzer.strategy.PacketStrategies;
import org.allocpool.memory.pool.PoolCounts;

/**
 * The packet-analyser workload, batch mode: generate, queue, parse, store TCP packets, free.
 * Two implementations: {@link PacketAnalyzer} over packet objects from a strategy, and
 * {@link FlatAnalyzer} over slots of one off-heap slab.
 *
 * <p>Single-threaded. The workload owns its packets and memory; {@link #close()} frees them.
 */
public interface Workload extends AutoCloseable {

    /**
     * Runs {@code packets} more packets through the workload; state carries over between calls.
     *
     * @throws IllegalStateException "Failure to allocate packet: ..." when the strategy runs dry
     */
    void run(long packets);

    /**
     * Runs one more packet through the workload, as {@code run(1)} does, without the loop: a compiled
     * loop pays its setup (the checks hoisted before it) on every call, which a caller with one packet
     * at a time (real time) would pay per packet.
     *
     * @throws IllegalStateException "Failure to allocate packet: ..." when the strategy runs dry
     */
    void runOne();

    /**
     * Brings the workload to the state a long run reaches, before anything is timed: every store slot
     * holds a parsed TCP packet, filled once and in order, and the queue holds the {@code queue - 1}
     * packets that wait between two calls of {@link #run}. A long run gets there by itself, but slowly:
     * a TCP packet replaces a random slot, so the last empty one is reached only after about
     * {@code 16 × stored × ln(stored)} packets (the coupon collector: 18 M for case B, 100 M for C), and
     * every figure timed on the way measures that climb. Packets come from the strategy and the
     * generator as in {@link #run}, with the protocol of stored ones set to TCP; the store index is
     * the slot's own, so the generator is not asked for one. Counted as made, parsed and stored.
     * Call once, before the first {@link #run}; a slot or queue place already filled is left alone.
     *
     * @throws IllegalStateException "Failure to allocate packet: ..." when the strategy runs dry
     */
    void prefill();

    /** Parses every packet left in the queue, then frees every stored one: all packets are back after it. */
    void drain();

    /** Counts so far. */
    WorkloadCounts counts();

    /**
     * The {@link org.allocpool.analyzer.StateDigest} of what the workload holds now: every stored
     * packet's parse result in store order, then every queued packet's fields, oldest first. Equal in
     * Java and C++ after the same packets. Walks the store and the queue: call it between runs,
     * never on a timed path.
     */
    String stateDigest();

    /** Packets or slots ready to hand out without allocating; equals {@link #capacity()} after a drain. */
    int available();

    /** 0 for strategies that do not pool. */
    int capacity();

    /** Debug accounting of the pools used (needs {@code -Dallocpool.debug=true}). */
    List<PoolCounts> poolCounts();

    @Override
    void close();

    /** A new workload for {@code settings}; pools and slabs are made now. */
    static Workload of(AnalyzerSettings settings) {
        if (settings.strategy() == Strategy.FLAT) {
            return new FlatAnalyzer(settings.queue(), settings.stored(), settings.pool(), settings.shape());
        }
        return new PacketAnalyzer(PacketStrategies.create(settings.strategy(), settings.pool(), settings.mixPool(),
                settings.shape().packetSize()), settings.queue(), settings.stored(), settings.shape().keepOneIn());
    }
}
