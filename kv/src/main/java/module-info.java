/**
 * The kv experiment: a persistent off-heap hash map from {@code long} keys to byte values over a
 * memory-mapped file ({@code store}), and the records it holds with their codecs ({@code user}).
 * Pure FFM: no {@code sun.misc.Unsafe}, no JNI, no restricted methods.
 */
module org.allocpool.kv {
    exports org.allocpool.kv.store;
    exports org.allocpool.kv.user;
}
