package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The echo lab's settings, profiles and matrix: what runs, and one-line refusals of bad values. */
class EchoLabSettingsTest {

    @Test
    void shouldRunTheQuickProfileAtEachArticlesClientCount() {
        EchoLabSettings quick = EchoLabSettings.of(EchoProfile.QUICK);
        List<EchoCell> cells = EchoMatrix.expand(quick);

        assertEquals(2 * 2 * 4 * 2, cells.size());
        assertEquals(List.of(16), quick.clientsFor("top-of-book"));
        assertEquals(List.of(3), quick.clientsFor("message"));
        assertEquals(List.of("G1", "ZGC"), quick.gcs());
        assertEquals(Duration.ofSeconds(3 + 5 + 90), quick.cellTimeout());
        assertEquals(new EchoCell(org.allocpool.lab.analyzer.Collector.G1, "unpooled", false, "top-of-book", 16), cells.get(0));
        assertEquals(new EchoCell(org.allocpool.lab.analyzer.Collector.G1, "unpooled", true, "top-of-book", 16), cells.get(1));
    }

    @Test
    void shouldRunTheWholeSweepInTheFullProfile() {
        assertEquals(2 * (4 + 5) * 4 * 2, EchoMatrix.expand(EchoLabSettings.of(EchoProfile.FULL)).size());
    }

    @Test
    void shouldNarrowTheMatrixByEveryFlag() {
        EchoLabSettings narrow = new EchoLabSettings(EchoProfile.FULL, List.of("zgc"), List.of(true), List.of("Thread-Local"),
                List.of("message"), List.of(4, 1, 4), Duration.ofSeconds(2), Duration.ofMillis(1500), null, null, null, null,
                null);
        List<EchoCell> cells = EchoMatrix.expand(narrow);

        assertEquals(2, cells.size());
        assertEquals(List.of(1, 4), cells.stream().map(EchoCell::clients).toList());
        cells.forEach(c -> assertEquals("ZGC-message-" + c.clients() + "c-thread-local-copy", c.id()));
        assertEquals(List.of("--duration", "2s", "--warmup", "1500ms"), narrow.childArgs());
    }

    @Test
    void shouldRejectBadValuesInOneLineNamingTheAllowedOnes() {
        assertMessage("unknown buffer strategy 'pooled'; allowed: unpooled, netty-pooled, netty-adaptive, thread-local",
                () -> new EchoLabSettings(null, null, null, List.of("unpooled,pooled"), null, null, null, null, null, null,
                        null, null, null));
        assertMessage("unknown event 'quote'; allowed: top-of-book, message",
                () -> new EchoLabSettings(null, null, null, null, List.of("quote"), null, null, null, null, null, null, null,
                        null));
        assertMessage("unknown --copy-per-event value 'maybe'; allowed: off, on", () -> EchoMatrix.copyPerEvent("maybe"));
        assertMessage("bad client count '0'; expected 1 to 1024, e.g. 1,2,4,16",
                () -> new EchoLabSettings(null, null, null, null, null, List.of(1, 0), null, null, null, null, null, null,
                        null));
        assertMessage("unknown collector 'cms'; allowed: Serial, Parallel, G1, ZGC, Shenandoah",
                () -> new EchoLabSettings(null, List.of("cms"), null, null, null, null, null, null, null, null, null, null,
                        null));
        assertMessage("unknown profile 'medium'; allowed: quick, full", () -> EchoProfile.byName("medium"));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable executable) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}
