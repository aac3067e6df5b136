/**
 * The first-allocation experiment: in a fresh JVM, how long the first buffer, and the first
 * thousand, of one allocator take (Netty's pooled, adaptive and unpooled allocators, our pools, FFM
 * arenas, plain arrays and direct buffers), with the classes loaded and the heap and direct memory
 * taken on the way.
 */
module org.allocpool.firstalloc {
    requires transitive org.allocpool.metrics;
    requires org.allocpool.memory;
    requires io.netty.buffer;
    requires io.netty.common;
    requires java.management;

    exports org.allocpool.firstalloc;

    // the metrics record is serialised by Jackson
    opens org.allocpool.firstalloc to com.fasterxml.jackson.databind;
}
