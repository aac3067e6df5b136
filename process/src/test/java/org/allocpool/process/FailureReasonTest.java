package org.allocpool.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FailureReasonTest {

    @Test
    void shouldNameAnOutOfMemoryError() {
        String reason = reason(1, "round 1: 80 ns/packet\nException in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n"
                + "\tat Foo.bar(Foo.java:1)\n");

        assertEquals("exited with code 1: Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space", reason);
    }

    @Test
    void shouldNameAnOptionTheJvmDoesNotKnow() {
        String reason = reason(1, "Unrecognized VM option 'UseShenandoahGC'\nError: Could not create the Java Virtual Machine.\n"
                + "Error: A fatal exception has occurred. Program will exit.\n");

        assertEquals("exited with code 1: Unrecognized VM option 'UseShenandoahGC'", reason);
    }

    @Test
    void shouldSayTheJvmCrashed() {
        String reason = reason(134, "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n#  SIGSEGV (0xb)\n");

        assertEquals("exited with code 134: the JVM crashed (see its hs_err file)", reason);
    }

    @Test
    void shouldFallBackToTheLastLineOnOneLine() {
        String reason = reason(7, "starting\nsomething odd\n\n");

        assertEquals("exited with code 7: something odd", reason);
        assertTrue(reason(7, "x".repeat(1000)).length() <= FailureReason.MAX_LENGTH);
    }

    @Test
    void shouldGiveTheExitCodeAloneForAnEmptyLog() {
        assertEquals("exited with code 9", reason(9, ""));
    }

    @Test
    void shouldSayHowLongATimedOutChildRan() {
        assertEquals("timed out after 2.5 s; killed", FailureReason.timedOut(Duration.ofMillis(2_500)));
        assertEquals("timed out after 125 s; killed", FailureReason.timedOut(Duration.ofSeconds(125)));
    }

    private static String reason(int exitCode, String log) {
        return FailureReason.of(exitCode, log.lines().toList());
    }
}
