package org.allocpool.kv.contenders;

/**
 * What one codec measured: one element of the codecs record's {@code metrics.codecs}. The top-level
 * rates are the fresh way (a new {@code byte[]} per encode, a whole new {@code User} per decode, as
 * every codec can be used), {@code best} the codec at its best ({@link LabCodec}). Each phase's
 * rounds carry the bytes allocated per operation. Field names are fixed (the lab's tables read
 * them): add fields, never rename. Immutable.
 *
 * @param codec            {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
 * @param encodesPerSecond users encoded to a fresh {@code byte[]} per second: the median round of {@code encodes}
 * @param decodesPerSecond users decoded from bytes to a fresh {@code User} per second: the median round of {@code decodes}
 * @param encodedBytes     mean encoded size over the sample
 * @param encodes          the encodes' rounds, their steady-state check and their allocated bytes per encode
 * @param decodes          the decodes' rounds, their check and their allocated bytes per decode
 * @param best             the same codec at its best
 */
record CodecMetrics(String codec, double encodesPerSecond, double decodesPerSecond, double encodedBytes,
                    PhaseRounds encodes, PhaseRounds decodes, BestWay best) {

    /**
     * A codec at its best: how, and what it measured.
     *
     * @param encodeWay        how it encodes, in words ({@link LabCodec#bestEncodeWay()})
     * @param decodeWay        how it decodes, in words ({@link LabCodec#bestDecodeWay()})
     * @param encodesPerSecond the median round of {@code encodes}
     * @param decodesPerSecond the median round of {@code decodes}
     * @param encodes          the encodes' rounds, check and allocated bytes per encode
     * @param decodes          the decodes' rounds, check and allocated bytes per decode
     */
    record BestWay(String encodeWay, String decodeWay, double encodesPerSecond, double decodesPerSecond,
                   PhaseRounds encodes, PhaseRounds decodes) {
    }
}
