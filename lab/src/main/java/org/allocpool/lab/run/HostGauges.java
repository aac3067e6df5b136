package org.allocpool.lab.run;

import java.io.PrintStream;
import org.allocpool.lab.gauge.HostGauge;

/** The host gauge the lab reads by default. Thread-safe (stateless). */
final class HostGauges {

    /** Set to {@code off} to run without the gauge (the test suite does, so that a rendering depends on what a test wrote). */
    static final String SWITCH_PROPERTY = "allocpool.lab.gauge";

    private HostGauges() {
    }

    /**
     * The bundled gauge program, saying once on {@code progress} why when it cannot be read (the run goes
     * on without it); none when {@value #SWITCH_PROPERTY} is {@code off}.
     */
    static ForkGauge bundled(PrintStream progress) {
        if ("off".equalsIgnoreCase(System.getProperty(SWITCH_PROPERTY, ""))) {
            return ForkGauge.NONE;
        }
        HostGauge gauge = HostGauge.bundled();
        return () -> gauge.readOrTell(why -> progress.println("lab: no host gauge: " + why)).orElse(null);
    }
}
