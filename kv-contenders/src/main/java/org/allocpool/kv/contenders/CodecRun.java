package org.allocpool.kv.contenders;

import java.io.PrintStream;
import java.util.List;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * Measures codecs over one sample of generated users: each user is encoded and decoded back once
 * first, and a codec that does not give back an equal user fails the run; then encodes per second,
 * decodes per second (users of the sample drawn at random) and the mean encoded size. Single-threaded.
 */
final class CodecRun {

    private final PhaseTiming timing;
    private final PrintStream progress;

    CodecRun(PhaseTiming timing, PrintStream progress) {
        this.timing = timing;
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
        TimedPhase.Result encodes = TimedPhase.run(i -> {
            sink[0] += codec.encode(users[(int) i]).length;
            return true;
        }, new RandomKeys(0, n, 1), timing);
        TimedPhase.Result decodes = TimedPhase.run(i -> {
            byte[] bytes = encoded[(int) i];
            sink[0] += codec.decode(bytes, 0, bytes.length).id();
            return true;
        }, new RandomKeys(0, n, 2), timing);
        progress.println(codec.name() + ": done (sink " + sink[0] + ")");
        return new CodecMetrics(codec.name(), encodes.perSecond(), decodes.perSecond(), totalBytes / (double) n);
    }
}
