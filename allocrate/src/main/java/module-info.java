/**
 * The allocation-rate experiment: short-lived 44-byte TopOfBook events created and dropped on 1..N
 * threads (Chronicle's PerfTopOfBookAllocationMain), beside a loop that reuses one event, in timed
 * rounds with their allocated bytes, collections and CPU.
 */
module org.allocpool.allocrate {
    requires transitive org.allocpool.metrics;
    requires java.management;
    requires jdk.management;

    exports org.allocpool.allocrate;

    // metrics records are serialised by Jackson
    opens org.allocpool.allocrate to com.fasterxml.jackson.databind;
}
