package org.allocpool.lab.echo;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of an echo record, as {@code echo bench} writes it (its settings, and the server's
 * own from its STATS answer) and the lab fills in what the bench left out (the server's heap, and
 * everything when the fork failed before the bench said anything). Fields a record does not carry are
 * {@code null}. Immutable; safe to share.
 *
 * @param event        {@code top-of-book} or {@code message}
 * @param buffers      the server's buffer strategy
 * @param copyPerEvent whether the server allocates one copy of every event
 * @param clients      clients sending at once
 * @param gc           the server's collector, e.g. {@code G1}
 * @param rate         events per second over all clients, 0 flat out
 * @param window       events in flight per client, flat out
 * @param durationS    measured time whose figures count, seconds
 * @param warmupS      warm-up, seconds
 * @param roundS       one timed round, seconds
 * @param rounds       timed rounds whose figures count
 * @param maxRounds    timed rounds at most, while not steady
 * @param heap         the server's heap ({@code -Xms} = {@code -Xmx})
 */
@JsonPropertyOrder({"event", "buffers", "copyPerEvent", "clients", "gc", "rate", "window", "durationS", "warmupS",
        "roundS", "rounds", "maxRounds", "heap"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EchoCellFields(String event, String buffers, Boolean copyPerEvent, Integer clients, String gc, Long rate,
                             Integer window, Double durationS, Double warmupS, Double roundS, Integer rounds,
                             Integer maxRounds, String heap) implements CellFields {

    /** A cell named by its identity only: for looking one up. */
    public static EchoCellFields of(String gc, String buffers, boolean copyPerEvent, String event, int clients) {
        return new EchoCellFields(event, buffers, copyPerEvent, clients, gc, null, null, null, null, null, null, null, null);
    }

    /**
     * The server's collector, buffer strategy and copy-per-event, the event and the number of clients:
     * two records with the same key are the same cell. Times and rounds are not part of it (a cell run
     * again for longer replaces the shorter run), nor the heap, which the lab fixes.
     */
    @Override
    public String key() {
        return String.join("|", nonNull(gc), nonNull(buffers), Boolean.toString(isCopy()), nonNull(event),
                Integer.toString(clientCount()));
    }

    /** Whether the server copies every event; {@code false} when the record does not say. */
    @JsonIgnore
    public boolean isCopy() {
        return Boolean.TRUE.equals(copyPerEvent);
    }

    /** The number of clients, 0 when the record does not say. */
    @JsonIgnore
    public int clientCount() {
        return clients == null ? 0 : clients;
    }

    /** How notes name the cell: {@code G1 top-of-book, 16 clients, thread-local, copy-per-event}. */
    @JsonIgnore
    public String label() {
        return nonNull(gc) + " " + nonNull(event) + ", " + clientCount() + (clientCount() == 1 ? " client, " : " clients, ")
                + nonNull(buffers) + ", " + (isCopy() ? "copy-per-event" : "reuse");
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
