package org.allocpool.analyzer.cpp;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A bound on a call that waits for a child process it keeps to itself, as {@link CppAnalyzer#run}
 * reads its child's output to the end and then waits for it, neither of which an interrupt ends:
 * past the deadline every child of this JVM is killed, which ends the reads and the wait, and the
 * call returns. For tests only, one call at a time: it would kill the children of any other.
 * Use from one thread, in try-with-resources.
 */
final class ChildDeadline implements AutoCloseable {

    private final Duration wait;
    private final CompletableFuture<Void> kill;
    private volatile boolean killed;

    ChildDeadline(Duration wait) {
        this.wait = wait;
        this.kill = CompletableFuture.runAsync(this::killChildren,
                CompletableFuture.delayedExecutor(wait.toMillis(), TimeUnit.MILLISECONDS));
    }

    /** Kills the children with their own children, listed first: once re-parented they could be missed. */
    private void killChildren() {
        List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
        killed = !children.isEmpty(); // before the kill, which the waiting caller may see at once
        children.forEach(ProcessHandle::destroyForcibly);
    }

    /** Whether the deadline passed while a child still ran, and the children were killed. */
    boolean hasKilled() {
        return killed;
    }

    Duration waited() {
        return wait;
    }

    @Override
    public void close() {
        kill.cancel(false);
    }
}
