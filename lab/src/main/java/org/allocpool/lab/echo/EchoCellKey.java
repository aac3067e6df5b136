package org.allocpool.lab.echo;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What makes two echo records the same cell: the server's collector, buffer strategy and
 * copy-per-event, the event and the number of clients. Measuring times are not part of it: a cell
 * re-run longer replaces the shorter one. Immutable; safe to share.
 *
 * @param gc           the server's collector label, e.g. {@code G1}
 * @param buffers      the server's buffer strategy, e.g. {@code thread-local}
 * @param copyPerEvent whether the server allocates one copy per event
 * @param event        {@code top-of-book} or {@code message}
 * @param clients      the number of clients
 */
public record EchoCellKey(String gc, String buffers, boolean copyPerEvent, String event, int clients) {

    /** The key of the record whose {@code cell} object is {@code cell}. */
    public static EchoCellKey of(JsonNode cell) {
        return new EchoCellKey(cell.path("gc").asText(""), cell.path("buffers").asText(""),
                cell.path("copyPerEvent").asBoolean(false), cell.path("event").asText(""), cell.path("clients").asInt(0));
    }

    /** The same cell with copy-per-event {@code copy}: the other half of a ratio. */
    public EchoCellKey withCopy(boolean copy) {
        return new EchoCellKey(gc, buffers, copy, event, clients);
    }
}
