package org.allocpool.kv.store;

import java.nio.file.Path;

/**
 * A store's fail-stop switch for faults of its mapped file. A store into (or a load from) a mapped
 * page the file system cannot back or read (a full disk under a file grown sparse by another
 * program, an I/O error, the file cut short by another process) raises SIGBUS, which the JVM turns
 * into an {@link InternalError} ("a fault occurred in an unsafe memory access operation"): an
 * {@code Error}, which passes a server's {@code catch (RuntimeException)}, and which in compiled
 * code may arrive after the write went on (issue 34). Once one is seen the store takes no more
 * writes: every later put and remove throws, naming {@code kv check} and {@code kv repair}, and the
 * close records no clean close, so the next open checks every entry.
 *
 * <p>Thread-safe: one volatile field, read once per write (the hot path's one extra load).
 */
final class MappedFault {

    private final Path file;
    private volatile String failure;

    MappedFault(Path file) {
        this.file = file;
    }

    /** Throws when a fault stopped the store. */
    // hot path: no allocation (while sound)
    void checkWritable() {
        String reason = failure;
        if (reason != null) {
            throw stopped(reason);
        }
    }

    /** Whether a fault stopped the store. */
    boolean hasStopped() {
        return failure != null;
    }

    /** Stops the store for {@code fault} and returns the exception the caller throws instead of it. */
    IllegalStateException stop(InternalError fault) {
        if (failure == null) {
            failure = String.valueOf(fault.getMessage());
        }
        IllegalStateException e = stopped(failure);
        e.initCause(fault);
        return e;
    }

    private IllegalStateException stopped(String reason) {
        return new IllegalStateException(file + ": a fault of the mapped file (" + reason + "): the store takes no "
                + "more writes; close it, then run allocpool kv check --dir " + file.getParent()
                + " and allocpool kv repair if it reports damage");
    }
}
