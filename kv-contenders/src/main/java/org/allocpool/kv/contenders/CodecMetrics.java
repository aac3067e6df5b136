package org.allocpool.kv.contenders;

/**
 * What one codec measured: one element of the codecs record's {@code metrics.codecs}. Field names
 * are fixed (the lab's tables read them). Immutable.
 *
 * @param codec            {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
 * @param encodesPerSecond users encoded to a fresh {@code byte[]} per second
 * @param decodesPerSecond users decoded from bytes to a fresh {@code User} per second
 * @param encodedBytes     mean encoded size over the sample
 */
record CodecMetrics(String codec, double encodesPerSecond, double decodesPerSecond, double encodedBytes) {
}
