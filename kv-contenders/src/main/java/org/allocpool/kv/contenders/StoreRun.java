package org.allocpool.kv.contenders;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.progress.ProgressMarker;

/**
 * One store contender measured as the article measured its maps: load every user (ids
 * {@code 0..users-1}), three full collections ({@link FullGc}, {@code GC.run}) with each pause timed
 * by the JVM, heap in use after, the store's files, then timed phases ({@link TimedPhase}: a warm-up,
 * then rounds until they are steady) of gets of loaded keys, gets of keys never loaded, and puts
 * replacing loaded keys, then the store's files again and the process's resident size. A get that
 * misses a loaded key or hits a key never loaded fails the run: a contender that loses data has no
 * throughput worth showing.
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

    private final TimedPhase phase;
    private final TimedPhase putsPhase;
    private final PrintStream progress;

    /** Gets and misses timed by {@code timing}, puts by {@code putsTiming} (a longer warm-up for stores whose puts warm slowly). */
    StoreRun(PhaseTiming timing, PhaseTiming putsTiming, PrintStream progress) {
        this.phase = new TimedPhase(timing, progress);
        this.putsPhase = new TimedPhase(putsTiming, progress);
        this.progress = progress;
    }

    /** Every phase timed by {@code timing}. */
    StoreRun(PhaseTiming timing, PrintStream progress) {
        this(timing, timing, progress);
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
                ProgressMarker.say(progress, "loaded " + (id + 1) + " of " + users + " users");
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

        FullGc.Pauses pauses = FullGc.timed(FULL_GCS);
        double heapUsedMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (double) MB;
        double offHeapMb = store.fileBytes(dir) / (double) MB;
        progress.println(store.name() + ": GC.run paused " + Arrays.toString(pauses.pausesMs()) + " ms; heap used "
                + heapUsedMb + " MB");

        TimedPhase.Outcome gets = phase.run(store.name() + " gets", store::get, new RandomKeys(0, users, 1));
        if (gets.hits() != gets.operations()) {
            throw new IllegalStateException(store.name() + " lost keys: " + (gets.operations() - gets.hits())
                    + " of " + gets.operations() + " gets of loaded keys missed");
        }
        TimedPhase.Outcome misses = phase.run(store.name() + " misses", store::get, new RandomKeys(users, users, 2));
        if (misses.hits() != 0) {
            throw new IllegalStateException(store.name() + " found " + misses.hits() + " keys it was never given");
        }
        TimedPhase.Outcome puts = putsPhase.run(store.name() + " puts", key -> {
            int i = (int) (key & (PUT_VALUES - 1));
            store.put(key, putUsers[i], putValues[i]);
            return true;
        }, new RandomKeys(0, users, 3));
        if (store.size() != users) {
            throw new IllegalStateException(store.name() + " holds " + store.size() + " entries after replacing values of "
                    + users);
        }
        double offHeapAfterPutsMb = store.fileBytes(dir) / (double) MB;
        progress.println(store.name() + ": done (sink " + store.sink() + "); files " + offHeapMb + " MB after loading, "
                + offHeapAfterPutsMb + " MB after the puts");
        return new StoreMetrics(heapUsedMb, pauses.medianMs(), offHeapMb, gets.rounds().median(),
                puts.rounds().median(), misses.rounds().median(), ResidentSize.megabytes(), loadSeconds, users,
                pauses.collections(), pauses.pausesMs(), gets.rounds(), misses.rounds(), puts.rounds(), offHeapAfterPutsMb);
    }

    /**
     * The bytes of every file under {@code dir}: their length, which for sparse files may exceed the
     * disk used. A file that goes while the directory is read (the new file of a store's growth
     * in the background, renamed over the store's own) counts nothing; it does not fail the run.
     */
    static long filesBytes(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        long[] bytes = {0};
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    bytes[0] += attributes.size();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
                if (failure instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // gone since the directory was listed
                }
                throw failure;
            }
        });
        return bytes[0];
    }
}
