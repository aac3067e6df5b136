package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What the capture side saw after the warm-up: the {@code metrics.realtime} object of a result
 * record (DESIGN.md). Immutable.
 *
 * @param intervalNs  the source's interval
 * @param sent        ticks the source produced (written to the ring or dropped because it was full)
 * @param received    packets the processor took from the ring
 * @param lost        ticks it never saw (sequence gaps, and drops after its last packet)
 * @param lossPercent lost / sent, in percent
 * @param latencyNs   scheduled tick to end of processing
 * @param pinned      whether the source and the processor ran pinned to distinct CPUs
 */
@JsonPropertyOrder({"intervalNs", "sent", "received", "lost", "lossPercent", "latencyNs", "pinned"})
public record RealtimeFigures(long intervalNs, long sent, long received, long lost, double lossPercent,
                              LatencyFigures latencyNs, boolean pinned) {

    /** True when not one packet was lost after the warm-up. */
    @JsonIgnore
    public boolean isLossFree() {
        return lost == 0;
    }
}
