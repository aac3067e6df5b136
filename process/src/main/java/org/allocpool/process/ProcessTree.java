package org.allocpool.process;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Kills a process with every process it started, and guards a running child with a shutdown hook
 * that does so when this JVM exits first (Ctrl-C), so that no child outlives its parent.
 * Thread-safe (stateless, apart from the JVM's hook registry).
 */
final class ProcessTree {

    private ProcessTree() {
    }

    /** Kills {@code root} and its descendants, listed before the root dies: once re-parented they could be missed. */
    static void kill(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    /** A hook, already registered, that kills {@code process}'s tree if this JVM shuts down while it runs. */
    static Thread killOnExit(Process process, String name) {
        Thread hook = new Thread(() -> kill(process.toHandle()), name);
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Unregisters a hook of {@link #killOnExit}; when the JVM is already shutting down the hook runs, as intended. */
    static void forget(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it kills the child, as intended
        }
    }

    /** Waits up to {@code timeoutMs} for {@code process} to end; {@code false} if it did not (or we were interrupted). */
    static boolean waitFor(Process process, long timeoutMs) {
        try {
            return process.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits for a process that was killed to be gone, keeping an interrupt for the caller. */
    static void awaitDeath(Process process) {
        boolean interrupted = false;
        while (true) {
            try {
                process.waitFor();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
