package org.allocpool.lab.gauge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real {@code allocpool-host-gauge}, carried in the allocpool-native jar: its line and its bad arguments. */
@Timeout(120)
class HostGaugeProgramTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void shouldPrintOneJsonLineOfFinitePositiveFigures() throws IOException {
        ChildExit exit = Child.of(List.of(HostGauge.locate().toString(), "--ms", "20"))
                .stderrLines(line -> { }).timeout(TIMEOUT).run();

        assertTrue(exit.isSuccess(), exit.failure());
        List<String> lines = exit.stdout().lines().toList();
        assertEquals(1, lines.size(), "stdout: " + exit.stdout());
        assertInstanceOf(GaugeResult.Read.class, HostGauge.parse(lines.getFirst(), Instant.now()),
                lines.getFirst());
    }

    @Test
    void shouldBeReadByTheLabsGauge() {
        GaugeResult result = HostGauge.bundled().read();

        GaugeReading reading = assertInstanceOf(GaugeResult.Read.class, result, result.toString()).value();
        assertTrue(Double.isFinite(reading.memoryNsPerLine()) && reading.memoryNsPerLine() > 0, reading.toString());
        assertTrue(Double.isFinite(reading.cpuNsPerOp()) && reading.cpuNsPerOp() > 0, reading.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "abc", "-5", "60001"})
    void shouldExitWithCode2NamingABadMs(String ms) throws IOException {
        ChildExit exit = Child.of(List.of(HostGauge.locate().toString(), "--ms", ms))
                .stderrLines(line -> { }).timeout(TIMEOUT).run();

        assertEquals(2, exit.exitCode(), exit.failure());
        assertEquals("", exit.stdout());
        assertTrue(String.join("\n", exit.stderrTail()).contains("'" + ms + "'"), exit.stderrTail().toString());
    }
}
