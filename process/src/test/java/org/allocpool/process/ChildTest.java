package org.allocpool.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChildTest {

    @TempDir
    Path tmp;

    private static List<String> sh(String script) {
        return List.of("/bin/sh", "-c", script);
    }

    @Test
    void shouldKeepStdoutAndTheTailOfStderrOfAChildThatEnded() throws IOException {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        ChildExit exit = Child.of(sh("echo one; echo '{\"status\":\"ok\"}'; echo oops >&2; exit 3"))
                .stderrLines(seen::add).run();

        assertEquals(3, exit.exitCode());
        assertFalse(exit.timedOut());
        assertFalse(exit.isSuccess());
        assertEquals("one\n{\"status\":\"ok\"}\n", exit.stdout());
        assertEquals("{\"status\":\"ok\"}", exit.lastJsonLine());
        assertEquals(List.of("oops"), exit.stderrTail());
        assertEquals(List.of("oops"), seen);
        assertEquals("exited with code 3: oops", exit.failure());
    }

    @Test
    void shouldWriteStdoutAndStderrToFilesWhenAsked() throws IOException {
        Path out = tmp.resolve("cell.stdout");
        Path err = tmp.resolve("cell.log");
        ChildExit exit = Child.of(sh("echo record; echo note >&2")).stdoutTo(out).stderrTo(err).run();

        assertTrue(exit.isSuccess());
        assertEquals("record\n", Files.readString(out));
        assertEquals("record\n", exit.stdout());
        assertEquals("note\n", Files.readString(err));
        assertEquals(List.of("note"), exit.stderrTail());
    }

    @Test
    void shouldHandStdoutOverLineByLine() throws IOException {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        ChildExit exit = Child.of(sh("echo a; echo b")).stdoutLines(lines::add).run();

        assertEquals(List.of("a", "b"), lines);
        assertEquals("", exit.stdout());
    }

    @Test
    void shouldKeepOnlyTheLastLinesOfALongStderr() throws IOException {
        ChildExit exit = Child.of(sh("i=0; while [ $i -lt 100 ]; do echo line$i >&2; i=$((i+1)); done"))
                .stderrLines(line -> { }).run();

        assertEquals(Child.STDERR_TAIL_LINES, exit.stderrTail().size());
        assertEquals("line99", exit.stderrTail().getLast());
    }

    @Test
    void shouldKillAChildAndWhatItStartedWhenItOutlivesItsTimeout() throws IOException {
        Path out = tmp.resolve("pids");
        ChildExit exit = Child.of(sh("sleep 120 & echo $!; wait")).stdoutTo(out).stderrTo(tmp.resolve("log"))
                .timeout(Duration.ofMillis(500)).run();

        assertTrue(exit.timedOut());
        assertEquals(-1, exit.exitCode());
        assertTrue(exit.failure().startsWith("timed out after"), exit.failure());
        long grandchild = Long.parseLong(exit.stdout().strip());
        Optional<ProcessHandle> sleeper = ProcessHandle.of(grandchild);
        sleeper.ifPresent(p -> p.onExit().orTimeout(30, TimeUnit.SECONDS).join());
        assertFalse(sleeper.map(ProcessHandle::isAlive).orElse(false), "the child's own child was killed too");
    }

    @Test
    void shouldRefuseACommandThatCannotStart() {
        assertThrows(IOException.class, () -> Child.of(List.of(tmp.resolve("no-such-program").toString())).run());
    }

    @Test
    void shouldWaitForTheReadyLineAndStopTheServerByClosingItsInput() throws IOException {
        List<String> before = Collections.synchronizedList(new ArrayList<>());
        try (RunningChild server = Child.of(sh("echo warming up; echo 'svc: listening on 127.0.0.1:7070'; read x; exit 0"))
                .stdoutLines(before::add).stderrTo(tmp.resolve("server.log")).start()) {
            Matcher ready = server.awaitLine(ReadyLine.pattern("svc"), Duration.ofSeconds(30));

            assertNotNull(ready);
            assertEquals(new InetSocketAddress("127.0.0.1", 7070), ReadyLine.address(ready));
            assertEquals(List.of("warming up"), before);
            ChildExit stopped = server.stop(Duration.ofSeconds(30));
            assertFalse(stopped.timedOut(), "it ended once its input closed");
            assertEquals(0, stopped.exitCode());
        }
    }

    @Test
    void shouldSayWhenAServerEndsWithoutItsReadyLine() throws IOException {
        try (RunningChild server = Child.of(sh("echo no; exit 4")).stderrTo(tmp.resolve("server.log")).start()) {
            assertNull(server.awaitLine(ReadyLine.pattern("svc"), Duration.ofSeconds(30)));
            assertTrue(server.hasClosedStdout());
            assertTrue(server.hasEndedWithin(Duration.ofSeconds(30)));
            assertEquals(4, server.exitCode());
        }
    }

    @Test
    void shouldKillAServerThatIgnoresItsInputAndTermination() throws IOException {
        try (RunningChild server = Child.of(sh("trap '' TERM; echo 'svc: listening on h:1'; while true; do sleep 1; done"))
                .stderrTo(tmp.resolve("server.log")).start()) {
            assertNotNull(server.awaitLine(ReadyLine.pattern("svc"), Duration.ofSeconds(30)));
            ChildExit stopped = server.stop(Duration.ofMillis(300));

            assertTrue(stopped.timedOut());
            assertEquals(-1, stopped.exitCode());
            assertTrue(server.hasEnded());
        }
    }

    @Test
    void shouldPrintAndReadTheSameReadyLine() {
        String line = ReadyLine.of("echo", new InetSocketAddress("127.0.0.1", 9));
        assertEquals("echo: listening on 127.0.0.1:9", line);
        Matcher m = ReadyLine.pattern("echo").matcher(line);
        assertTrue(m.find());
        assertEquals(9, ReadyLine.address(m).getPort());
        assertFalse(ReadyLine.pattern("kv").matcher(line).find());
    }

}
