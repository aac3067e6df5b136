package org.allocpool.process;

import java.time.Duration;
import java.util.List;

/**
 * How a child process ended. Immutable; safe to share.
 *
 * @param exitCode   its exit code; -1 when it was killed
 * @param timedOut   whether it ran past its timeout (or its stop's grace) and was stopped by force
 * @param stdout     what it printed on stdout, when the caller asked to keep it; empty otherwise
 * @param stderrTail its last lines on stderr (at most {@link Child#STDERR_TAIL_LINES}), for saying why it failed
 * @param elapsed    from start to end (or to the kill)
 */
public record ChildExit(int exitCode, boolean timedOut, String stdout, List<String> stderrTail, Duration elapsed) {

    public ChildExit {
        stderrTail = List.copyOf(stderrTail);
    }

    /** Whether it ended by itself with exit code 0. */
    public boolean isSuccess() {
        return !timedOut && exitCode == 0;
    }

    /**
     * The last line of stdout that starts with {@code {}: the one JSON record a child prints, by the
     * convention every child of this project keeps (everything else goes to stderr); {@code null} if none.
     */
    public String lastJsonLine() {
        List<String> lines = stdout.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i).strip();
            if (line.startsWith("{")) {
                return line;
            }
        }
        return null;
    }

    /** Why it failed, in one line ({@link FailureReason}); for a child that timed out, how long it ran. */
    public String failure() {
        return timedOut ? FailureReason.timedOut(elapsed) : FailureReason.of(exitCode, stderrTail);
    }
}
