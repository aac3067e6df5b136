/**
 * The kv experiment: a persistent off-heap hash map from {@code long} keys to byte values over a
 * memory-mapped file ({@code store}), and the records it holds with their codecs ({@code user});
 * its TCP/HTTP server and binary client on Netty ({@code server}) and the load generator behind
 * {@code kv bench} ({@code bench}). Pure FFM: no {@code sun.misc.Unsafe}, no JNI. One restricted method: the
 * store's {@code madvise} downcall for large pages, made only for a store configured for them
 * ({@code StoreConfig.withLargePages}), which needs {@code --enable-native-access=org.allocpool.kv}.
 */
module org.allocpool.kv {
    requires transitive org.allocpool.metrics;
    requires HdrHistogram;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
    requires java.management;

    exports org.allocpool.kv.bench;
    exports org.allocpool.kv.server;
    exports org.allocpool.kv.store;
    exports org.allocpool.kv.user;

    // bench metrics records are serialised by Jackson
    opens org.allocpool.kv.bench to com.fasterxml.jackson.databind;
}
