package org.allocpool.lab.firstalloc;

/**
 * The {@code metrics} of a first-alloc record, as the lab reads it: what one fresh JVM measured of one
 * allocator (the firstalloc module's {@code FirstAllocMetrics}, which says what each means). Every time
 * counts from just before the allocator's code is first called. What a record does not carry is
 * {@code null}. Immutable; safe to share.
 */
public record FirstAllocMetricsView(Long startToReadyMs, Long openNs, Long firstBufferNs, Long allBuffersNs,
                                    Double laterNsPerBuffer, Long classesFirstBuffer, Long classesAllBuffers,
                                    Long heapBytesFirstBuffer, Long heapBytesAllBuffers, Long directBytes,
                                    Integer buffers) {
}
