package org.allocpool.kv.contenders;

import java.io.PrintStream;
import java.util.List;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * Measures codecs over one sample of generated users: each user is encoded and decoded back once
 * first, and a codec that does not give back an equal user fails the run; then encodes per second
 * and decodes per second (users of the sample drawn at random), each a timed phase
 * ({@link TimedPhase}: a warm-up, then rounds until they are steady), and the mean encoded size.
 * Single-threaded.
 */
final class CodecRun {

    private final TimedPhase phase;
    private final PrintStream progress;

    CodecRun(PhaseTiming timing, PrintStream progress) {
        this.phase = new TimedPhase(timing, progress);
        this.progress = progress;
    }

    CodecMetrics measure(UserCodec codec, List<User> sample) {
        int n = sample.size();
        User[] users = sample.toArray(User[]::new);
        byte[][] encoded = new byte[n][];
        long totalBytes = 0;
        for (int i = 0; i < n; i++) {
            encoded[i] = codec.encode(users[i]);
            totalBytes += encoded[i].length;
            User back = codec.decode(encoded[i], 0, encoded[i].length);
            if (!users[i].equals(back)) {
                throw new IllegalStateException(codec.name() + " decoded " + back + " from the encoding of " + users[i]);
            }
        }
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
        progress.println(codec.name() + ": done (sink " + sink[0] + ")");
        return new CodecMetrics(codec.name(), encodes.median(), decodes.median(), totalBytes / (double) n, encodes,
                decodes);
    }
}
