package org.allocpool.lab.gauge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link HostGauge} over fake programs: shell scripts that print a known line, garbage, fail or hang. */
@Timeout(60)
class HostGaugeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path folder;

    @Test
    void shouldReadTheTwoFiguresOfTheProgramsLine() throws IOException {
        Path fake = script("fake-gauge", "echo 'a line for people' >&2\necho '{\"memoryNsPerLine\":2.5,\"cpuNsPerOp\":1.25}'");

        GaugeResult result = HostGauge.of(fake, TIMEOUT).read();

        GaugeReading reading = assertInstanceOf(GaugeResult.Read.class, result).value();
        assertEquals(2.5, reading.memoryNsPerLine());
        assertEquals(1.25, reading.cpuNsPerOp());
    }

    @Test
    void shouldReportGarbageOnStdoutAsBadOutput() throws IOException {
        Path fake = script("garbage", "echo 'no figures here'");

        assertUnreadable(GaugeResult.Why.BAD_OUTPUT, HostGauge.of(fake, TIMEOUT).read());
    }

    @Test
    void shouldReportALineWithoutPositiveFiguresAsBadOutput() throws IOException {
        Path fake = script("negative", "echo '{\"memoryNsPerLine\":-1,\"cpuNsPerOp\":\"fast\"}'");

        GaugeResult.Unreadable unreadable = assertUnreadable(GaugeResult.Why.BAD_OUTPUT, HostGauge.of(fake, TIMEOUT).read());
        assertTrue(unreadable.detail().contains("-1"), unreadable.detail());
    }

    @Test
    void shouldReportBrokenJsonAsBadOutput() throws IOException {
        Path fake = script("broken", "echo '{\"memoryNsPerLine\":2.5,'");

        assertUnreadable(GaugeResult.Why.BAD_OUTPUT, HostGauge.of(fake, TIMEOUT).read());
    }

    @Test
    void shouldReportAnExitOtherThanZeroAsCrashedWithItsLastWords() throws IOException {
        Path fake = script("crashing", "echo 'allocpool-host-gauge: cannot allocate 64 MiB' >&2\nexit 1");

        GaugeResult.Unreadable unreadable = assertUnreadable(GaugeResult.Why.CRASHED, HostGauge.of(fake, TIMEOUT).read());
        assertTrue(unreadable.detail().contains("code 1") && unreadable.detail().contains("cannot allocate"),
                unreadable.detail());
    }

    @Test
    void shouldKillAHungProgramAtItsTimeoutAndReportIt() throws IOException {
        Path fake = script("hanging", "exec sleep 120");

        assertUnreadable(GaugeResult.Why.TIMED_OUT, HostGauge.of(fake, Duration.ofMillis(500)).read());
    }

    @Test
    void shouldReportAMissingProgramAsMissing() {
        assertUnreadable(GaugeResult.Why.MISSING, HostGauge.of(folder.resolve("no-such-gauge"), TIMEOUT).read());
    }

    @Test
    void shouldSayWhyItReadNothingOnlyOnce() throws IOException {
        HostGauge gauge = HostGauge.of(script("crashing", "exit 3"), TIMEOUT);
        List<String> told = new ArrayList<>();

        Optional<GaugeReading> first = gauge.readOrTell(told::add);
        Optional<GaugeReading> second = gauge.readOrTell(told::add);

        assertTrue(first.isEmpty() && second.isEmpty());
        assertEquals(1, told.size(), told.toString());
        assertTrue(told.getFirst().contains("crashed") && told.getFirst().contains("code 3"), told.getFirst());
    }

    private static GaugeResult.Unreadable assertUnreadable(GaugeResult.Why why, GaugeResult result) {
        GaugeResult.Unreadable unreadable = assertInstanceOf(GaugeResult.Unreadable.class, result, result.toString());
        assertEquals(why, unreadable.why(), unreadable.message());
        assertTrue(result.reading().isEmpty());
        return unreadable;
    }

    private Path script(String name, String body) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        assertTrue(file.toFile().setExecutable(true, true), "cannot make " + file + " executable");
        return file;
    }
}
