package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.PoolCounts;

/**
 * Where packets come from and go back to: the article's {@code PacketManager}, an abstract class
 * with one subclass per strategy. A JVM runs one strategy, so the workload's calls to
 * {@link #get()} and {@link #free(Packet)} see one receiver type and inline.
 *
 * <p>Single-threaded. A packet handed out by {@link #get()} belongs to the caller until it passes
 * it to {@link #free(Packet)} exactly once; off-heap memory belongs to the strategy and is freed
 * by {@link #close()}, after which no packet it handed out may be used.
 */
public abstract class PacketStrategy implements AutoCloseable {

    /** The strategy's name on the command line. */
    public abstract String name();

    /** A packet for the caller, or {@code null} if the strategy has none left ({@link #exhaustion()} says why). */
    public abstract Packet get();

    /** Takes back a packet handed out by {@link #get()}. */
    public abstract void free(Packet packet);

    /** Why {@link #get()} returned {@code null}, naming the strategy and its size. */
    public String exhaustion() {
        return "strategy '" + name() + "' could not make a packet";
    }

    /** Packets (or slots) ready to hand out without allocating; 0 for strategies that do not pool. */
    public int available() {
        return 0;
    }

    /** What {@link #available()} is when every packet is back; 0 for strategies that do not pool. */
    public int capacity() {
        return 0;
    }

    /** Debug accounting of every pool the strategy uses (needs {@code -Dallocpool.debug=true}). */
    public List<PoolCounts> poolCounts() {
        return List.of();
    }

    /** Frees the strategy's off-heap memory, if any. */
    @Override
    public void close() {
    }

    static String dry(String name, int size, String what) {
        return "strategy '" + name + "' ran dry: all " + size + " " + what
                + " are in use (raise --pool, or lower --queue/--stored)";
    }
}
