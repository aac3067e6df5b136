package org.allocpool.lab.gauge;

import java.util.Optional;

/**
 * What one run of the host gauge gave: a {@link Read reading}, or {@link Unreadable why there is none}.
 * A gauge that cannot be read never fails a run: the lab goes on without it. Immutable; safe to share.
 */
public sealed interface GaugeResult {

    /** The reading, when there is one. */
    Optional<GaugeReading> reading();

    /** The gauge ran and printed its two figures. */
    record Read(GaugeReading value) implements GaugeResult {

        @Override
        public Optional<GaugeReading> reading() {
            return Optional.of(value);
        }
    }

    /**
     * No reading.
     *
     * @param why    which way it failed
     * @param detail in one line, what happened (the file, the exit, the line it printed)
     */
    record Unreadable(Why why, String detail) implements GaugeResult {

        @Override
        public Optional<GaugeReading> reading() {
            return Optional.empty();
        }

        /** {@code host gauge unreadable (crashed): exited with code 1: ...}. */
        public String message() {
            return "host gauge unreadable (" + why.words + "): " + detail;
        }
    }

    /** Why a gauge gave no reading. */
    enum Why {
        /** The program is not there (not bundled, override not executable) or could not be started. */
        MISSING("program missing"),
        /** It ended with an exit code other than 0. */
        CRASHED("crashed"),
        /** It ran past its timeout and was killed. */
        TIMED_OUT("timed out"),
        /** It ended well but its stdout held no line with two positive finite figures. */
        BAD_OUTPUT("bad output");

        private final String words;

        Why(String words) {
            this.words = words;
        }
    }
}
