package org.allocpool.kv.contenders;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * One store contender measured as the article measured its maps: load every user (ids
 * {@code 0..users-1}), {@code System.gc()} three times with each pause timed by the JVM, heap in use after,
 * the store's files, then timed gets of loaded keys, gets of keys never loaded, and puts replacing
 * loaded keys, and the process's resident size. A get that misses a loaded key or hits a key never
 * loaded fails the run: a contender that loses data has no throughput worth showing.
 * Single-threaded; the store is the caller's to close.
 */
final class StoreRun {

    /** Distinct values cycled through by the timed puts, encoded before the clock starts. */
    static final int PUT_VALUES = 1024;
    /**
     * Full collections timed after loading; the median is reported. The first also compacts the
     * loading's garbage, the others only trace what is live; on a shared machine one alone is at the
     * mercy of the scheduler.
     */
    static final int FULL_GCS = 3;
    private static final long MB = 1024 * 1024;

    private final PhaseTiming timing;
    private final PrintStream progress;

    StoreRun(PhaseTiming timing, PrintStream progress) {
        this.timing = timing;
        this.progress = progress;
    }

    StoreMetrics measure(StoreContender store, long users, Path dir) throws IOException {
        UserCodec codec = new FlyweightUserCodec();
        boolean bytes = store.storesBytes();
        long loadStart = System.nanoTime();
        long step = Math.max(1, users / 10);
        for (long id = 0; id < users; id++) {
            User user = UserGenerator.user(id);
            store.load(id, user, bytes ? codec.encode(user) : null);
            if ((id + 1) % step == 0) {
                progress.println(store.name() + ": loaded " + (id + 1) + " of " + users + " users");
            }
        }
        store.loaded();
        double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
        if (store.size() != users) {
            throw new IllegalStateException(store.name() + " holds " + store.size() + " entries after loading " + users);
        }
        User[] putUsers = new User[PUT_VALUES];
        byte[][] putValues = new byte[PUT_VALUES][];
        for (int i = 0; i < PUT_VALUES; i++) {
            putUsers[i] = UserGenerator.user(users + i);
            putValues[i] = codec.encode(putUsers[i]);
        }

        double[] pausesMs = new double[FULL_GCS];
        long gcCount = 0;
        for (int i = 0; i < FULL_GCS; i++) {
            GcPauseRecorder recorder = new GcPauseRecorder().start();
            System.gc();
            GcStatistics gc = recorder.stop();
            pausesMs[i] = gc.pauseTotalMs();
            gcCount += gc.count();
        }
        double heapUsedMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (double) MB;
        double offHeapMb = store.fileBytes(dir) / (double) MB;
        double[] sorted = pausesMs.clone();
        Arrays.sort(sorted);
        double fullGcMs = sorted[FULL_GCS / 2];
        progress.println(store.name() + ": System.gc() paused " + Arrays.toString(pausesMs) + " ms; heap used "
                + heapUsedMb + " MB");

        TimedPhase.Result gets = TimedPhase.run(store::get, new RandomKeys(0, users, 1), timing);
        if (gets.hits() != gets.operations()) {
            throw new IllegalStateException(store.name() + " lost keys: " + (gets.operations() - gets.hits())
                    + " of " + gets.operations() + " gets of loaded keys missed");
        }
        TimedPhase.Result misses = TimedPhase.run(store::get, new RandomKeys(users, users, 2), timing);
        if (misses.hits() != 0) {
            throw new IllegalStateException(store.name() + " found " + misses.hits() + " keys it was never given");
        }
        TimedPhase.Result puts = TimedPhase.run(key -> {
            int i = (int) (key & (PUT_VALUES - 1));
            store.put(key, putUsers[i], putValues[i]);
            return true;
        }, new RandomKeys(0, users, 3), timing);
        if (store.size() != users) {
            throw new IllegalStateException(store.name() + " holds " + store.size() + " entries after replacing values of "
                    + users);
        }
        progress.println(store.name() + ": done (sink " + store.sink() + ")");
        return new StoreMetrics(heapUsedMb, fullGcMs, offHeapMb, gets.perSecond(), puts.perSecond(),
                misses.perSecond(), ResidentSize.megabytes(), loadSeconds, users, gcCount, pausesMs);
    }

    /** The bytes of every file under {@code dir}: their length, which for sparse files may exceed the disk used. */
    static long filesBytes(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        }
    }
}
