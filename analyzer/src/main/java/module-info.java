/** The packet-analyser experiment of "To allocate or to pool?". */
module org.allocpool.analyzer {
    requires org.allocpool.memory;
    requires org.allocpool.metrics;
    requires org.allocpool.nativelib;

    exports org.allocpool.analyzer.capture;
}
