package org.allocpool.firstalloc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An FFM arena, one {@code allocate(size)} per buffer: a confined or shared arena, freed all at once by
 * {@link #close()}, or an automatic one, whose segments the collector frees once unreachable ({@link
 * #close()} only drops them). Single-threaded, as {@link FirstBuffers} (a confined arena is usable from
 * the thread that made it only).
 */
final class ArenaBuffers implements FirstBuffers {

    /** {@code null} for an automatic arena, which cannot be closed. */
    private final Arena closeable;
    private final Arena arena;
    private final int size;
    private final MemorySegment[] segments;
    private int made;

    private ArenaBuffers(Arena arena, boolean closeable, int size, int count) {
        this.arena = arena;
        this.closeable = closeable ? arena : null;
        this.size = size;
        this.segments = new MemorySegment[count];
    }

    /** From {@code Arena.ofConfined()}. */
    static FirstBuffers confined(int size, int count) {
        return new ArenaBuffers(Arena.ofConfined(), true, size, count);
    }

    /** From {@code Arena.ofShared()}. */
    static FirstBuffers shared(int size, int count) {
        return new ArenaBuffers(Arena.ofShared(), true, size, count);
    }

    /** From {@code Arena.ofAuto()}. */
    static FirstBuffers auto(int size, int count) {
        return new ArenaBuffers(Arena.ofAuto(), false, size, count);
    }

    @Override
    public void makeNext() {
        Limits.checkRoom(made, segments.length);
        MemorySegment segment = arena.allocate(size);
        segment.set(ValueLayout.JAVA_BYTE, 0, FirstBuffers.mark(made));
        segments[made++] = segment;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        return segments[Limits.checkIndex(index, made)].byteSize();
    }

    @Override
    public byte firstByte(int index) {
        return segments[Limits.checkIndex(index, made)].get(ValueLayout.JAVA_BYTE, 0);
    }

    @Override
    public void close() {
        java.util.Arrays.fill(segments, null);
        made = 0;
        if (closeable != null) {
            closeable.close();
        }
    }
}
