package org.allocpool.analyzer.workload;

import org.allocpool.analyzer.WorkloadCounts;

/**
 * The counts of a single-threaded analyser ({@link PacketAnalyzer}, {@code FlatAnalyzer}), kept so
 * that the batch loop counts nothing per packet: a batch adds what it made and processed once, at
 * its end ({@link #ran}), and only the rare outcomes (a TCP packet stored, one evicted, a packet not
 * IP) are counted as they happen. Parsed and freed packets follow from those
 * ({@link #counts()}): every processed packet is parsed unless it is not IP, and freed unless it was
 * stored in an empty place.
 *
 * <p>Why: five counter fields incremented per packet cost Java's {@code flat} 16% of its batch time
 * in case A (10.3-10.5 against 8.5-9.0 ns a packet, alternated, G1): C2 loads and stores a field on
 * every increment, where a C++ compiler may keep a counter in a register. The C++ analyser keeps its
 * counts the same way ({@code native/analyzer/analyzer.hpp}), so the two still do the same work.
 *
 * <p>Single-threaded: owned by one analyser. Allocates nothing but the counts it returns.
 */
public final class WorkloadTally {

    private long made;
    private long processed;
    private long notIp;
    private long storedByProcessing;
    private long evicted;
    private long prefilled;
    private long drainedStored;

    /**
     * A batch of {@code packets} packets made, in which the queue grew by {@code queueGrowth}: every
     * packet made was queued, so the rest were taken off the queue and processed.
     */
    public void ran(long packets, long queueGrowth) {
        made += packets;
        processed += packets - queueGrowth;
    }

    /** One packet made outside a batch (prefill). */
    public void madeOne() {
        made++;
    }

    /** One packet taken off the queue and processed outside a batch (drain). */
    public void processedOne() {
        processed++;
    }

    /** A processed packet that was not IP: not parsed, freed. */
    public void notIp() {
        notIp++;
    }

    /** A processed TCP packet stored; {@code evicting}: in the place of one it freed. */
    public void stored(boolean evicting) {
        storedByProcessing++;
        if (evicting) {
            evicted++;
        }
    }

    /** A packet made, parsed and stored by prefill, not by processing. */
    public void prefilled() {
        prefilled++;
    }

    /** A stored packet freed when the analyser drained. */
    public void drainedStored() {
        drainedStored++;
    }

    /** The counts so far, as every strategy and the C++ analyser count them. */
    public WorkloadCounts counts() {
        long parsed = processed - notIp + prefilled;
        long freedByProcessing = processed - (storedByProcessing - evicted);
        return new WorkloadCounts(made, parsed, storedByProcessing + prefilled, evicted,
                freedByProcessing + drainedStored);
    }
}
