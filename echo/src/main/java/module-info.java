/**
 * The echo experiment: a Netty event service that sends every event straight back, its wire
 * format and codecs, its buffer strategies, a load client that measures throughput, latency and
 * the server's allocation per event, and YAML scenarios replayed against it.
 */
module org.allocpool.echo {
    requires transitive org.allocpool.metrics;
    requires org.allocpool.process;
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive io.netty.transport;
    requires transitive io.netty.codec;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires HdrHistogram;
    requires java.management;
    requires jdk.management;
    requires jdk.jfr;

    exports org.allocpool.echo.bench;
    exports org.allocpool.echo.buffers;
    exports org.allocpool.echo.client;
    exports org.allocpool.echo.event;
    exports org.allocpool.echo.server;
    exports org.allocpool.echo.wire;
    exports org.allocpool.echo.yaml;

    // answers and metrics records are serialised by Jackson
    opens org.allocpool.echo.server to com.fasterxml.jackson.databind;
    opens org.allocpool.echo.bench to com.fasterxml.jackson.databind;
}
