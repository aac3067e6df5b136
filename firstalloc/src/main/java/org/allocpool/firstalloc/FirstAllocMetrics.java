package org.allocpool.firstalloc;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one fresh JVM measured of one allocator (the {@code metrics} of a {@code first-alloc} record). Every
 * time counts from just before the first call into the allocator's code ({@code t0}). Immutable.
 *
 * @param startToReadyMs       JVM start (the runtime's start time) to {@code t0}, ms: the JVM's and this
 *                             program's own start-up, beside which the allocator's share is read
 * @param openNs               {@code t0} to the allocator (arena, pool) made, before its first buffer
 * @param firstBufferNs        {@code t0} to the first buffer made and written to (includes {@code openNs})
 * @param allBuffersNs         {@code t0} to all {@code count} buffers made and written to, each kept
 * @param laterNsPerBuffer     the buffers after the first, on average: {@code (all - first) / (count - 1)}
 * @param classesFirstBuffer   classes loaded by the JVM between {@code t0} and the first buffer
 * @param classesAllBuffers    classes loaded between {@code t0} and the last buffer
 * @param heapBytesFirstBuffer heap bytes this thread allocated up to the first buffer
 * @param heapBytesAllBuffers  heap bytes this thread allocated up to the last buffer
 * @param directBytes          direct buffer memory taken between {@code t0} and the last buffer, as the JVM's
 *                             {@code direct} buffer pool counts it ({@code ByteBuffer.allocateDirect}, and Netty's
 *                             direct buffers made on it); memory of FFM arenas is not counted there
 * @param buffers              buffers made and checked (each its own memory, of the size asked)
 */
@JsonPropertyOrder({"startToReadyMs", "openNs", "firstBufferNs", "allBuffersNs", "laterNsPerBuffer",
        "classesFirstBuffer", "classesAllBuffers", "heapBytesFirstBuffer", "heapBytesAllBuffers", "directBytes",
        "buffers"})
public record FirstAllocMetrics(long startToReadyMs, long openNs, long firstBufferNs, long allBuffersNs,
                                double laterNsPerBuffer, long classesFirstBuffer, long classesAllBuffers,
                                long heapBytesFirstBuffer, long heapBytesAllBuffers, long directBytes, int buffers) {
}
