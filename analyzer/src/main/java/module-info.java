/** The packet-analyser experiment of "To allocate or to pool?": workload, strategies, batch driver. */
module org.allocpool.analyzer {
    requires org.allocpool.memory;
    requires transitive org.allocpool.metrics;
    requires org.allocpool.nativelib;
    requires org.allocpool.process;
    requires HdrHistogram;
    requires java.management;

    exports org.allocpool.analyzer;
    exports org.allocpool.analyzer.capture;
    exports org.allocpool.analyzer.cpp;
    exports org.allocpool.analyzer.realtime;
    exports org.allocpool.analyzer.parallel;

    // metrics records are serialised by Jackson
    opens org.allocpool.analyzer to com.fasterxml.jackson.databind;
    opens org.allocpool.analyzer.realtime to com.fasterxml.jackson.databind;
    opens org.allocpool.analyzer.parallel to com.fasterxml.jackson.databind;
}
