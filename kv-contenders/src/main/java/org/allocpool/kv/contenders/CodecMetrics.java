package org.allocpool.kv.contenders;

/**
 * What one codec measured: one element of the codecs record's {@code metrics.codecs}. Field names
 * are fixed (the lab's tables read them): add fields, never rename. Immutable.
 *
 * @param codec            {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
 * @param encodesPerSecond users encoded to a fresh {@code byte[]} per second: the median round of {@code encodes}
 * @param decodesPerSecond users decoded from bytes to a fresh {@code User} per second: the median round of {@code decodes}
 * @param encodedBytes     mean encoded size over the sample
 * @param encodes          the encodes' rounds and their steady-state check
 * @param decodes          the decodes' rounds and their check
 */
record CodecMetrics(String codec, double encodesPerSecond, double decodesPerSecond, double encodedBytes,
                    PhaseRounds encodes, PhaseRounds decodes) {
}
