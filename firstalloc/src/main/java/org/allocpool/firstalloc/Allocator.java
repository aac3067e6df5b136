package org.allocpool.firstalloc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The allocators whose first buffer is measured, each by the name the command line and the records use.
 * {@link #open} makes one, fresh: this enum names no type of any allocator (no Netty type, no pool, no
 * arena), so that loading it, before the clock starts, loads none of theirs. Immutable.
 */
public enum Allocator {

    /** {@code PooledByteBufAllocator.DEFAULT.heapBuffer(size)}: Netty's pooled allocator (arenas, thread caches). */
    NETTY_POOLED_HEAP("netty-pooled-heap", Memory.HEAP, "Netty PooledByteBufAllocator.DEFAULT, heapBuffer"),
    /** {@code PooledByteBufAllocator.DEFAULT.directBuffer(size)}: the case study's allocator (165 ms for its first). */
    NETTY_POOLED_DIRECT("netty-pooled-direct", Memory.DIRECT, "Netty PooledByteBufAllocator.DEFAULT, directBuffer"),
    /** {@code new AdaptiveByteBufAllocator().heapBuffer(size)}: Netty 4.2's default allocator. */
    NETTY_ADAPTIVE_HEAP("netty-adaptive-heap", Memory.HEAP, "Netty new AdaptiveByteBufAllocator(), heapBuffer"),
    /** {@code new AdaptiveByteBufAllocator().directBuffer(size)}. */
    NETTY_ADAPTIVE_DIRECT("netty-adaptive-direct", Memory.DIRECT, "Netty new AdaptiveByteBufAllocator(), directBuffer"),
    /** {@code Unpooled.buffer(size)}: a fresh heap buffer per call. */
    NETTY_UNPOOLED_HEAP("netty-unpooled-heap", Memory.HEAP, "Netty Unpooled.buffer"),
    /** {@code Unpooled.directBuffer(size)}: a fresh direct buffer per call. */
    NETTY_UNPOOLED_DIRECT("netty-unpooled-direct", Memory.DIRECT, "Netty Unpooled.directBuffer"),
    /** Our heap pool: a {@code FixedObjectPool<byte[]>} of {@code pool} arrays made up front, then acquired. */
    POOL_HEAP("pool-heap", Memory.HEAP, "allocpool FixedObjectPool of byte[], filled up front, acquire"),
    /** Our off-heap pool: a {@code Slab} of {@code pool} slots (one shared arena) and an {@code IndexPool}. */
    POOL_SLAB("pool-slab", Memory.NATIVE, "allocpool Slab (one Arena.ofShared block) + IndexPool, acquire"),
    /** {@code Arena.ofConfined().allocate(size)} per buffer. */
    ARENA_CONFINED("arena-confined", Memory.NATIVE, "FFM Arena.ofConfined(), allocate per buffer"),
    /** {@code Arena.ofShared().allocate(size)} per buffer. */
    ARENA_SHARED("arena-shared", Memory.NATIVE, "FFM Arena.ofShared(), allocate per buffer"),
    /** {@code Arena.ofAuto().allocate(size)} per buffer: freed by the collector. */
    ARENA_AUTO("arena-auto", Memory.NATIVE, "FFM Arena.ofAuto(), allocate per buffer"),
    /** {@code new byte[size]}: the floor on the heap. */
    BYTE_ARRAY("byte-array", Memory.HEAP, "new byte[size]"),
    /** {@code ByteBuffer.allocateDirect(size)}: the floor off the heap. */
    ALLOCATE_DIRECT("allocate-direct", Memory.DIRECT, "ByteBuffer.allocateDirect(size)");

    /** Where an allocator's buffer bytes live. */
    public enum Memory {
        /** On the Java heap. */
        HEAP,
        /** Off the heap, in a direct {@code ByteBuffer} (or Netty's direct buffer). */
        DIRECT,
        /** Off the heap, in memory an FFM arena allocated. */
        NATIVE;

        /** {@code heap}, {@code direct} or {@code native}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the buffer bytes are off the heap. */
        public boolean isOffHeap() {
            return this != HEAP;
        }
    }

    private final String label;
    private final Memory memory;
    private final String call;

    Allocator(String label, Memory memory, String call) {
        this.label = label;
        this.memory = memory;
        this.call = call;
    }

    /** Its name on the command line and in records, e.g. {@code netty-pooled-direct}. */
    public String label() {
        return label;
    }

    /** Where its buffer bytes live. */
    public Memory memory() {
        return memory;
    }

    /** What it calls, in words, e.g. {@code Netty PooledByteBufAllocator.DEFAULT, directBuffer}. */
    public String call() {
        return call;
    }

    /**
     * Makes this allocator, fresh (its allocator, arena or pool), to hand out {@code count} buffers of
     * {@code size} bytes; the caller owns the result and closes it. The pools are filled with {@code pool}
     * buffers here (at least {@code count}); the others ignore {@code pool}. The first call in a JVM loads
     * and initialises the allocator's classes: that is what is measured.
     */
    public FirstBuffers open(int size, int count, int pool) {
        // every branch names a class of ours whose own code names the allocator's types: resolving it
        // (here, with the clock running) is the first time any of them is loaded
        return switch (this) {
            case NETTY_POOLED_HEAP -> NettyBuffers.pooled(false, size, count);
            case NETTY_POOLED_DIRECT -> NettyBuffers.pooled(true, size, count);
            case NETTY_ADAPTIVE_HEAP -> NettyBuffers.adaptive(false, size, count);
            case NETTY_ADAPTIVE_DIRECT -> NettyBuffers.adaptive(true, size, count);
            case NETTY_UNPOOLED_HEAP -> NettyBuffers.unpooled(false, size, count);
            case NETTY_UNPOOLED_DIRECT -> NettyBuffers.unpooled(true, size, count);
            case POOL_HEAP -> new HeapPoolBuffers(size, count, pool);
            case POOL_SLAB -> new SlabPoolBuffers(size, count, pool);
            case ARENA_CONFINED -> ArenaBuffers.confined(size, count);
            case ARENA_SHARED -> ArenaBuffers.shared(size, count);
            case ARENA_AUTO -> ArenaBuffers.auto(size, count);
            case BYTE_ARRAY -> new ByteArrayBuffers(size, count);
            case ALLOCATE_DIRECT -> new DirectBufferBuffers(size, count);
        };
    }

    /**
     * Loads (without linking or initialising it) the class of ours that {@link #open} makes for this
     * allocator, with the checks it shares: the measurement's own few kilobytes of bytecode read from its
     * jar before the clock starts. Its verification, which may load the allocator's types, waits for its
     * first use, inside {@link #open}.
     */
    public void loadAdapter() {
        Class<?> adapter = switch (this) {
            case NETTY_POOLED_HEAP, NETTY_POOLED_DIRECT, NETTY_ADAPTIVE_HEAP, NETTY_ADAPTIVE_DIRECT, NETTY_UNPOOLED_HEAP,
                 NETTY_UNPOOLED_DIRECT -> NettyBuffers.class;
            case POOL_HEAP -> HeapPoolBuffers.class;
            case POOL_SLAB -> SlabPoolBuffers.class;
            case ARENA_CONFINED, ARENA_SHARED, ARENA_AUTO -> ArenaBuffers.class;
            case BYTE_ARRAY -> ByteArrayBuffers.class;
            case ALLOCATE_DIRECT -> DirectBufferBuffers.class;
        };
        if (adapter == null || Limits.class == null) {
            throw new AssertionError("no class");
        }
    }

    /**
     * The allocator called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static Allocator byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (Allocator allocator : values()) {
            if (allocator.label.equals(wanted)) {
                return allocator;
            }
        }
        throw new IllegalArgumentException("unknown allocator '" + name + "'; allowed: " + labels());
    }

    /** Every allocator's name, comma-separated, in order. */
    public static String labels() {
        return Arrays.stream(values()).map(Allocator::label).collect(Collectors.joining(", "));
    }
}
