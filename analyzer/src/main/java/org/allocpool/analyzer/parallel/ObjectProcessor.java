package org.allocpool.analyzer.parallel;

import java.nio.ByteBuffer;
import org.allocpool.analyzer.StateDigest;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.packet.IPHeader;
import org.allocpool.analyzer.packet.IPPacket;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.memory.pool.ConcurrentObjectPool;

/**
 * One processor thread of the heap strategies: takes each packet from its handoff ring, queues it,
 * and once its queue holds its share of the case's queue parses the oldest (allocating the header,
 * two addresses, the parsed packet and a read-only view, as the single-threaded analyser does) and,
 * if TCP, stores it at the index the source drew for it, freeing the packet it replaces; UDP packets
 * are freed at once. Freeing is the strategy's: dropped ({@code alloc}), given back to the shared
 * pool ({@code pool-shared}), or put on this processor's ring back to the source ({@code pool-per-thread}).
 *
 * <p>Its own thread runs {@link #run()}; before that thread starts and after it was joined, one
 * other thread may prefill, drain and read it. Owns the packets in its queue and store.
 */
final class ObjectProcessor implements PacketProcessor {

    private final ParallelStrategy strategy;
    private final Handoff in;
    private final Handoff back;
    private final ConcurrentObjectPool<Packet> shared;
    private final boolean realtime;

    private final Packet[] queue;
    private int head;
    private int size;
    private final Packet[] stored;

    private long prefilled;
    private long received;
    private long parsed;
    private long tcpStored;
    private long evicted;
    private long freed;
    private long expected; // the next sequence number
    private long lost;     // real time: sequence numbers skipped (ticks the source dropped)

    private volatile boolean stopping;
    private volatile Throwable failure;

    /**
     * @param back   this processor's ring back to the source ({@code pool-per-thread}), else {@code null}
     * @param shared the shared pool ({@code pool-shared}), else {@code null}
     */
    ObjectProcessor(ParallelStrategy strategy, int queueSize, int storedSize, Handoff in, Handoff back,
                    ConcurrentObjectPool<Packet> shared, boolean realtime) {
        this.strategy = strategy;
        this.in = in;
        this.back = back;
        this.shared = shared;
        this.realtime = realtime;
        this.queue = new Packet[queueSize];
        this.stored = new Packet[storedSize];
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable e) {
            failure = e;
        }
    }

    // hot path: no allocation but the parse's, as the single-threaded analyser
    private void loop() {
        final Handoff in = this.in;
        int waited = 0;
        while (true) {
            if (in.poll()) {
                waited = 0;
                accept(in.packet(), in.storeIndex(), in.sequence());
            } else if (stopping) {
                // the source's last offer came before it set stopping: one more poll sees it
                if (!in.poll()) {
                    return;
                }
                accept(in.packet(), in.storeIndex(), in.sequence());
            } else {
                waited = Idle.pause(waited);
            }
        }
    }

    // hot path: no allocation but the parse's
    private void accept(Packet p, int storeIndex, long sequence) {
        if (sequence != expected) {
            gap(sequence);
        }
        expected = sequence + 1;
        received++;
        enqueue(p);
        if (size >= queue.length) {
            Packet old = dequeue();
            if (!process(old, storeIndex)) {
                free(old);
            }
        } else if (storeIndex != ParallelPipeline.NO_INDEX) {
            throw disagree("a store index came with a packet that pushed none out");
        }
    }

    private void gap(long sequence) {
        if (!realtime || sequence < expected) {
            throw new IllegalStateException("processor got packet " + sequence + " after " + (expected - 1)
                    + ": a packet was lost or came twice");
        }
        lost += sequence - expected;
    }

    /** Processes {@code p}, with the store index the source drew for it (if TCP); whether it was IP. */
    private boolean process(Packet p, int storeIndex) {
        int protocol = parse(p);
        if (protocol < 0) {
            return false;
        }
        if (protocol == PacketSource.TCP) {
            if (storeIndex < 0) {
                throw disagree("a TCP packet came with no store index");
            }
            Packet old = stored[storeIndex];
            if (old != null) {
                evicted++;
                free(old);
            }
            stored[storeIndex] = p;
            tcpStored++;
        } else {
            if (storeIndex != ParallelPipeline.NO_INDEX) {
                throw disagree("a UDP packet came with a store index");
            }
            free(p);
        }
        return true;
    }

    private static IllegalStateException disagree(String what) {
        return new IllegalStateException("the source's copy of a processor's queue is wrong: " + what);
    }

    private int parse(Packet p) {
        ByteBuffer buffer = p.buffer();
        if (buffer.getInt() != PacketSource.IP_PROTOCOL) {
            return -1;
        }
        IPHeader header = new IPHeader(buffer);
        p.ipPacket(new IPPacket(header, buffer.asReadOnlyBuffer()));
        parsed++;
        return header.protocol();
    }

    // hot path: no allocation
    private void free(Packet p) {
        freed++;
        p.free();
        switch (strategy) {
            case POOL_SHARED -> shared.release(p);
            case POOL_PER_THREAD -> {
                if (!back.offer(p, 0, ParallelPipeline.NO_INDEX, 0)) {
                    throw new IllegalStateException("a processor's ring back to the source is full: more packets"
                            + " came back than its pool holds");
                }
            }
            default -> {
                // alloc: dropped for the collector
            }
        }
    }

    private void enqueue(Packet p) {
        int tail = head + size;
        if (tail >= queue.length) {
            tail -= queue.length;
        }
        queue[tail] = p;
        size++;
    }

    private Packet dequeue() {
        Packet p = queue[head];
        queue[head] = null;
        head = head + 1 == queue.length ? 0 : head + 1;
        size--;
        return p;
    }

    /** Before the thread starts: stores {@code p}, parsed as TCP, in slot {@code index}. */
    void prefillStore(int index, Packet p) {
        parse(p);
        stored[index] = p;
        tcpStored++;
        prefilled++;
    }

    /** Before the thread starts: queues {@code p}. */
    void prefillQueue(Packet p) {
        enqueue(p);
        prefilled++;
    }

    /** Store slots. */
    int storedSize() {
        return stored.length;
    }

    /** Packets its full queue holds. */
    int queueSize() {
        return queue.length;
    }

    /** Asks the thread to end once its ring is empty. Any thread, after the source's last offer. */
    @Override
    public void stop() {
        stopping = true;
    }

    /** What ended the thread, or {@code null}; read after it was joined. */
    @Override
    public Throwable failure() {
        return failure;
    }

    /**
     * After the thread was joined: takes the oldest queued packet and processes it with
     * {@code storeIndex}, frees it unless it was kept; {@code false} when the queue is empty.
     */
    @Override
    public boolean drainOne(IndexDraw draw) {
        if (size == 0) {
            return false;
        }
        Packet old = dequeue();
        old.buffer().rewind();
        boolean tcp = old.buffer().getInt(PacketSource.PROTOCOL_OFFSET) == PacketSource.TCP;
        if (!process(old, tcp ? draw.next(stored.length) : ParallelPipeline.NO_INDEX)) {
            free(old);
        }
        return true;
    }

    /** After the queue was drained: frees every stored packet. */
    @Override
    public void freeStored() {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != null) {
                free(stored[i]);
                stored[i] = null;
            }
        }
    }

    /** Folds what it holds into {@code digest}: the store in order, then the queue oldest first (as the single-threaded analyser). */
    @Override
    public void digest(StateDigest digest) {
        for (Packet p : stored) {
            if (p == null) {
                digest.empty();
            } else {
                fold(digest, p.ipPacket() != null ? p.ipPacket().header() : headerOf(p));
            }
        }
        for (int i = 0, at = head; i < size; i++, at = at + 1 == queue.length ? 0 : at + 1) {
            fold(digest, headerOf(queue[at]));
        }
    }

    private static IPHeader headerOf(Packet p) {
        return new IPHeader(p.buffer().duplicate().position(Integer.BYTES));
    }

    private static void fold(StateDigest digest, IPHeader h) {
        digest.packet(h.source().address(), h.destination().address(), h.sourcePort(), h.destinationPort(), h.protocol());
    }

    /** After the thread was joined, in real time: the ticks meant for it after the last one it received were lost too. */
    @Override
    public void endOfStream(long ticks) {
        if (realtime && ticks > expected) {
            lost += ticks - expected;
            expected = ticks;
        }
    }

    /** Its counts: made is what it was given (prefill and received). Read after the thread was joined. */
    @Override
    public ProcessorCounts counts() {
        return new ProcessorCounts(new WorkloadCounts(prefilled + received, parsed, tcpStored, evicted, freed), received, lost);
    }
}
