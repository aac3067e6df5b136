package org.allocpool.analyzer.realtime;

import org.allocpool.analyzer.capture.CaptureSource;
import org.allocpool.analyzer.capture.ClockSourceLibrary;

/**
 * Where the source and the processor run when {@code --pin} asks for distinct CPUs: the source
 * on the last CPU, the processor on the first, and only where the machine has at least two (the
 * JVM's own threads stay free to run anywhere). Stateless once planned.
 *
 * @param sourceCpu the source thread's CPU, or {@link CaptureSource#NO_PIN}
 * @param processorCpu the processor thread's CPU, or -1
 */
record Pinning(int sourceCpu, int processorCpu) {

    static Pinning plan(boolean requested) {
        int cpus = Runtime.getRuntime().availableProcessors();
        if (!requested || cpus < 2) {
            return new Pinning(CaptureSource.NO_PIN, -1);
        }
        return new Pinning(cpus - 1, 0);
    }

    /** Pins the calling (processor) thread; false when not planned or refused by the OS. */
    boolean pinProcessor() {
        if (processorCpu < 0) {
            return false;
        }
        try {
            ClockSourceLibrary.pinCurrentThread(processorCpu);
            return true;
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }
}
