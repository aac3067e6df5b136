/**
 * What a run measures about itself: GC pauses (from JFR), allocated bytes (thread counters),
 * live objects (class histogram), latency spectra and histogram logs, the environment, and the
 * result record with its JSON form; and the progress marker every child prints for the lab.
 */
module org.allocpool.metrics {
    requires transitive com.fasterxml.jackson.databind;
    requires java.management;
    requires jdk.management;
    requires jdk.jfr;
    requires HdrHistogram;

    exports org.allocpool.metrics.alloc;
    exports org.allocpool.metrics.env;
    exports org.allocpool.metrics.gc;
    exports org.allocpool.metrics.heap;
    exports org.allocpool.metrics.latency;
    exports org.allocpool.metrics.progress;
    exports org.allocpool.metrics.result;
    exports org.allocpool.metrics.stats;

    opens org.allocpool.metrics.env to com.fasterxml.jackson.databind;
    opens org.allocpool.metrics.gc to com.fasterxml.jackson.databind;
    opens org.allocpool.metrics.heap to com.fasterxml.jackson.databind;
    opens org.allocpool.metrics.latency to com.fasterxml.jackson.databind;
    opens org.allocpool.metrics.result to com.fasterxml.jackson.databind;
    opens org.allocpool.metrics.stats to com.fasterxml.jackson.databind;
}
