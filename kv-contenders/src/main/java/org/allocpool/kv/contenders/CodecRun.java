package org.allocpool.kv.contenders;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.allocpool.kv.user.User;

/**
 * Measures codecs over one sample of generated users, each two ways ({@link LabCodec}). First every
 * user is encoded and decoded back both ways, and a codec that does not give back an equal user (or
 * at its best, the same length and {@link LabCodec#digest}) fails the run. Then four timed phases
 * ({@link TimedPhase}: a warm-up, then rounds until they are steady), each on users of the sample
 * drawn at random: encodes to a fresh array, decodes to a whole {@code User}, encodes at its best,
 * decodes at its best; and the mean encoded size. For the best decodes the sample's encodings lie
 * back to back, in off-heap memory and in one array (as a store or a network buffer holds them).
 * Single-threaded.
 */
final class CodecRun {

    private final TimedPhase phase;
    private final PrintStream progress;

    CodecRun(PhaseTiming timing, PrintStream progress) {
        this.phase = new TimedPhase(timing, progress);
        this.progress = progress;
    }

    CodecMetrics measure(LabCodec codec, List<User> sample) {
        int n = sample.size();
        User[] users = sample.toArray(User[]::new);
        byte[][] encoded = new byte[n][];
        int[] offsets = new int[n + 1];
        for (int i = 0; i < n; i++) {
            encoded[i] = codec.encode(users[i]);
            offsets[i + 1] = Math.addExact(offsets[i], encoded[i].length);
            User back = codec.decode(encoded[i], 0, encoded[i].length);
            if (!users[i].equals(back)) {
                throw new IllegalStateException(codec.name() + " decoded " + back + " from the encoding of " + users[i]);
            }
        }
        byte[] packed = new byte[offsets[n]];
        for (int i = 0; i < n; i++) {
            System.arraycopy(encoded[i], 0, packed, offsets[i], encoded[i].length);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(Math.max(1, packed.length));
            MemorySegment.copy(packed, 0, memory, ValueLayout.JAVA_BYTE, 0, packed.length);
            checkBest(codec, users, encoded, offsets, memory, packed);
            long[] sink = {0};
            PhaseRounds encodes = phase.run(codec.name() + " encodes", i -> {
                sink[0] += codec.encode(users[(int) i]).length;
                return true;
            }, new RandomKeys(0, n, 1)).rounds();
            PhaseRounds decodes = phase.run(codec.name() + " decodes", i -> {
                byte[] bytes = encoded[(int) i];
                sink[0] += codec.decode(bytes, 0, bytes.length).id();
                return true;
            }, new RandomKeys(0, n, 2)).rounds();
            PhaseRounds bestEncodes = phase.run(codec.name() + " encodes at its best", i -> {
                sink[0] += codec.encodeReused(users[(int) i]);
                return true;
            }, new RandomKeys(0, n, 3)).rounds();
            PhaseRounds bestDecodes = phase.run(codec.name() + " decodes at its best", i -> {
                int u = (int) i;
                sink[0] += codec.decodeBest(memory, packed, offsets[u], offsets[u + 1] - offsets[u]);
                return true;
            }, new RandomKeys(0, n, 4)).rounds();
            progress.println(codec.name() + ": done (sink " + sink[0] + ")");
            CodecMetrics.BestWay best = new CodecMetrics.BestWay(codec.bestEncodeWay(), codec.bestDecodeWay(),
                    bestEncodes.median(), bestDecodes.median(), bestEncodes, bestDecodes);
            return new CodecMetrics(codec.name(), encodes.median(), decodes.median(), offsets[n] / (double) n, encodes,
                    decodes, best);
        }
    }

    /** Every user encoded at its best takes the bytes of its fresh encoding, and decodes at its best to its digest. */
    private static void checkBest(LabCodec codec, User[] users, byte[][] encoded, int[] offsets, MemorySegment memory,
                                  byte[] packed) {
        for (int i = 0; i < users.length; i++) {
            int written = codec.encodeReused(users[i]);
            if (written != encoded[i].length) {
                throw new IllegalStateException(codec.name() + " wrote " + written + " bytes at its best for "
                        + users[i] + ", " + encoded[i].length + " fresh");
            }
            long digest = codec.decodeBest(memory, packed, offsets[i], offsets[i + 1] - offsets[i]);
            if (digest != LabCodec.digest(users[i])) {
                throw new IllegalStateException(codec.name() + " read " + digest + " at its best from the encoding of "
                        + users[i] + ", not " + LabCodec.digest(users[i]));
            }
        }
    }
}
