package org.allocpool.lab.firstalloc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of a first-alloc record, as {@code allocpool first-alloc --json} writes it (and the lab
 * fills in when the fork failed before it said anything). Fields a record does not carry are {@code null}.
 * Immutable; safe to share.
 *
 * @param allocator the allocator, one of {@link FirstAllocCell#ALLOCATORS}
 * @param memory    where its buffer bytes live: {@code heap}, {@code direct} or {@code native}
 * @param size      bytes per buffer
 * @param count     buffers made and kept
 * @param pool      buffers our pools make up front
 */
@JsonPropertyOrder({"allocator", "memory", "size", "count", "pool"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FirstAllocCellFields(String allocator, String memory, Integer size, Integer count, Integer pool)
        implements CellFields {

    /** The allocator, the buffer size, the count and the pool: two records with the same key are the same cell. */
    @Override
    public String key() {
        return String.join("|", String.valueOf(allocator), String.valueOf(size), String.valueOf(count),
                String.valueOf(pool));
    }
}
