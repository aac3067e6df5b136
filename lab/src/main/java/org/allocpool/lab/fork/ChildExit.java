package org.allocpool.lab.fork;

import java.time.Duration;

/**
 * How a child process ended. Immutable; safe to share.
 *
 * @param exitCode its exit code; -1 when it was killed on timeout
 * @param timedOut whether it ran past its timeout and was killed
 * @param stdout   everything it printed on stdout
 * @param elapsed  from start to end (or to the kill)
 */
public record ChildExit(int exitCode, boolean timedOut, String stdout, Duration elapsed) {
}
