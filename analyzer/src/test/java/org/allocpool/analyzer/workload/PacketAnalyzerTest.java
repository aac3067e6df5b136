package org.allocpool.analyzer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.analyzer.strategy.PacketStrategy;
import org.junit.jupiter.api.Test;

class PacketAnalyzerTest {

    /** Hands out new heap packets and remembers every free, by identity. */
    static final class RecordingPackets extends PacketStrategy {
        final Set<Packet> out = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<Packet> freedNow = new ArrayList<>();
        final Set<Packet> everFreed = Collections.newSetFromMap(new IdentityHashMap<>());

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public Packet get() {
            Packet p = Packet.onHeap();
            out.add(p);
            return p;
        }

        @Override
        public void free(Packet packet) {
            assertTrue(out.remove(packet), "freed twice or never handed out");
            assertTrue(everFreed.add(packet));
            freedNow.add(packet);
        }
    }

    @Test
    void shouldStoreOneTcpPacketInSixteenOverALongRun() {
        // case A's queue and stored sizes, 1.6 million packets: the generator is deterministic, so the
        // counts are exact (the C++ analyser must give the same ones)
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.POOL, WorkloadCase.A, 1_000, 1_000, 3_000,
                200, 1, 1, 0);
        try (Workload workload = Workload.of(settings)) {
            workload.run(1_600_000);
            WorkloadCounts counts = workload.counts();
            assertEquals(new WorkloadCounts(1_600_000, 1_599_001, 100_105, 99_105, 1_598_001), counts);
            double share = counts.tcpStored() / (double) counts.parsed();
            assertEquals(1.0 / 16, share, 0.0002, "TCP share");
        }
    }

    @Test
    void shouldPrefillEverySlotWithAParsedTcpPacketAndTheQueueToOneShortOfFull() {
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.ALLOC, WorkloadCase.A, 30, 50, 1, 1, 1, 1, 0);
        try (PacketAnalyzer analyzer = (PacketAnalyzer) Workload.of(settings)) {
            analyzer.prefill();
            for (int i = 0; i < 50; i++) {
                Packet stored = analyzer.storedAt(i);
                assertNotNull(stored, "slot " + i);
                assertNotNull(stored.ipPacket(), "slot " + i + " is parsed");
                assertEquals(PacketSource.TCP, stored.ipPacket().header().protocol(), "slot " + i);
            }
            assertEquals(29, analyzer.queued());
            analyzer.run(1);
            assertEquals(29, analyzer.queued(), "the first packet run makes the queue full and parses its oldest");
            assertEquals(1, analyzer.counts().parsed() - 50);
        }
    }

    @Test
    void shouldFreeExactlyTheEvictedPacket() {
        RecordingPackets packets = new RecordingPackets();
        int storedSize = 50;
        try (PacketAnalyzer analyzer = new PacketAnalyzer(packets, 20, storedSize)) {
            Packet[] before = new Packet[storedSize];
            long evictionsSeen = 0;
            for (int step = 0; step < 20_000; step++) {
                packets.freedNow.clear();
                analyzer.run(1);
                for (int i = 0; i < storedSize; i++) {
                    Packet now = analyzer.storedAt(i);
                    if (now != before[i]) {
                        Packet replaced = before[i];
                        if (replaced != null) {
                            evictionsSeen++;
                            assertTrue(packets.freedNow.stream().anyMatch(p -> p == replaced),
                                    "the replaced packet must be freed when it is replaced");
                        }
                        before[i] = now;
                    }
                    if (now != null) {
                        assertFalse(packets.everFreed.contains(now), "a stored packet must not be freed");
                        assertEquals(PacketSource.TCP, now.ipPacket().header().protocol());
                    }
                }
                for (Packet freed : packets.freedNow) {
                    boolean storedTcp = freed.ipPacket() != null
                            && freed.ipPacket().header().protocol() == PacketSource.TCP;
                    if (storedTcp) {
                        assertTrue(Arrays.stream(before).noneMatch(p -> p == freed));
                    }
                }
            }
            assertEquals(analyzer.counts().evicted(), evictionsSeen);
            assertTrue(evictionsSeen > 100, "the test must see evictions, saw " + evictionsSeen);
            assertEquals(analyzer.counts().made() - analyzer.counts().freed(), packets.out.size(),
                    "every packet not freed is still held by the workload");
        }
    }

    @Test
    void shouldHoldOnlyQueuedAndStoredPackets() {
        RecordingPackets packets = new RecordingPackets();
        try (PacketAnalyzer analyzer = new PacketAnalyzer(packets, 30, 40)) {
            analyzer.run(10_000);
            int stored = 0;
            for (int i = 0; i < 40; i++) {
                if (analyzer.storedAt(i) != null) {
                    stored++;
                    assertTrue(packets.out.contains(analyzer.storedAt(i)));
                }
            }
            assertEquals(analyzer.queued() + stored, packets.out.size());
            assertEquals(29, analyzer.queued());
            analyzer.drain();
            assertTrue(packets.out.isEmpty(), "drain must free every packet");
            assertEquals(0, analyzer.queued());
        }
    }

    @Test
    void shouldParseThePacketItFreesFromTheQueue() {
        RecordingPackets packets = new RecordingPackets();
        try (PacketAnalyzer analyzer = new PacketAnalyzer(packets, 5, 5)) {
            analyzer.run(1_000);
            for (Packet freed : packets.everFreed) {
                assertEquals(PacketSource.WRITTEN_BYTES, freed.buffer().limit());
                assertTrue(freed.ipPacket() != null, "every freed packet was parsed first");
                assertTrue(freed.ipPacket().payload().isReadOnly());
            }
        }
    }
}
