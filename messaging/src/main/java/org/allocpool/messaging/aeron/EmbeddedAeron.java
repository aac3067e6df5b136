package org.allocpool.messaging.aeron;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.PrintStream;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentInvoker;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * A media driver embedded in this JVM and an Aeron client of it, both driven by the caller's own
 * thread ({@link ThreadingMode#INVOKER}, the client's conductor invoked too): each process of a pair
 * then spins exactly one thread, which is what two processes on a 2-core machine can afford (the
 * driver's own threads would make four spinning threads on two cores). The caller must call
 * {@link #invoke()} often: the driver sends, receives, acknowledges and times out only then. Its
 * folder (a fresh one under the system's default, {@code /dev/shm} on Linux) is deleted on
 * {@link #close()}.
 *
 * <p>Over {@code aeron:ipc} two processes share one driver: the subscriber's ({@link #start(String)}, in a
 * folder the publisher is told), whose one thread invokes it; the publisher is a client only
 * ({@link #connect(String)}), whose thread invokes its own client conductor and nothing else. Its keep-alives
 * then reach the driver whenever the subscriber's thread runs a duty cycle, well within the driver's
 * 10 s client liveness timeout, and the driver's heartbeat, which the subscriber's duty cycles refresh,
 * keeps the client's own 10 s driver timeout from firing. A client only never exits the JVM when its
 * driver goes away (Aeron's default error handler would, once the subscriber has closed its driver): it
 * prints the error on stderr once and goes on; its publication then reports itself closed or not connected.
 *
 * <p>Confined to the thread that made it.
 */
public final class EmbeddedAeron implements AutoCloseable {

    /** {@code null} for a client of another process's driver. */
    private final MediaDriver driver;
    private final Aeron aeron;
    private final AgentInvoker driverInvoker;
    private final AgentInvoker clientInvoker;
    /** {@code null} where Aeron's default error handler is used. */
    private final FirstError errors;
    private long dutyAllocatedBytes;

    private EmbeddedAeron(MediaDriver driver, Aeron aeron, FirstError errors) {
        this.driver = driver;
        this.aeron = aeron;
        this.errors = errors;
        this.driverInvoker = driver == null ? null : driver.sharedAgentInvoker();
        this.clientInvoker = aeron.conductorAgentInvoker();
    }

    /** Starts a driver in a fresh folder and connects a client to it. */
    public static EmbeddedAeron start() {
        return start(null);
    }

    /**
     * Starts a driver in {@code dir} (replacing what was there; {@code null}: a fresh folder) and connects a
     * client to it: the driver other processes may join with {@link #connect(String)}.
     */
    public static EmbeddedAeron start(String dir) {
        if (dir == null) {
            dir = CommonContext.generateRandomDirName();
        }
        MediaDriver driver = MediaDriver.launch(new MediaDriver.Context()
                .aeronDirectoryName(dir)
                .threadingMode(ThreadingMode.INVOKER)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .termBufferSparseFile(true)
                .warnIfDirectoryExists(false)
                .printConfigurationOnStart(false));
        try {
            Aeron aeron = Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(dir)
                    .driverAgentInvoker(driver.sharedAgentInvoker())
                    .useConductorAgentInvoker(true));
            return new EmbeddedAeron(driver, aeron, null);
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /**
     * Connects a client only to the driver another process runs in {@code dir}, its conductor invoked by the
     * caller's {@link #invoke()}; this process starts no driver.
     *
     * @throws IllegalStateException when no driver is active in {@code dir} within Aeron's 10 s driver timeout
     */
    public static EmbeddedAeron connect(String dir) {
        // not Aeron's default handler: it exits the JVM once the driver has gone, before the record is printed
        FirstError errors = new FirstError("aeron client of " + dir + ": ", System.err);
        try {
            Aeron aeron = Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(dir)
                    .useConductorAgentInvoker(true)
                    .errorHandler(errors));
            return new EmbeddedAeron(null, aeron, errors);
        } catch (RuntimeException e) {
            throw new IllegalStateException("no media driver to join in " + dir + ": " + e, e);
        }
    }

    /**
     * The first error the client's conductor reported (a client only: the driver gone or timed out, this
     * client timed out by the driver), or {@code null}; a client with its own driver keeps Aeron's default.
     */
    public Throwable clientError() {
        return errors == null ? null : errors.first;
    }

    /** The folder of the driver: where a client of another process joins it. */
    public String directory() {
        return aeron.context().aeronDirectoryName();
    }

    /** The client, for publications and subscriptions. */
    public Aeron aeron() {
        return aeron;
    }

    /** One duty cycle of the driver (where this process runs it) and of the client's conductor; returns the work done. */
    // hot path: no allocation
    public int invoke() {
        return (driverInvoker == null ? 0 : driverInvoker.invoke()) + clientInvoker.invoke();
    }

    /**
     * One duty cycle, as {@link #invoke()}, adding the heap bytes it allocated on this thread to
     * {@link #dutyAllocatedBytes()}: what the driver and the conductor allocate is then told apart from
     * what the caller's own work (encode, decode) allocates on the same thread. Until C2 has compiled the
     * driver's pollers, each poll allocates an {@code ArrayList} iterator; on a busy machine that can
     * outlast a warm-up. Costs two reads of the thread's allocation counter.
     */
    // hot path: no allocation (of its own)
    public int invokeCounted() {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        int work = invoke();
        dutyAllocatedBytes += AllocationCounter.currentThreadAllocatedBytes() - before;
        return work;
    }

    /** Heap bytes allocated inside {@link #invokeCounted()} so far. */
    public long dutyAllocatedBytes() {
        return dutyAllocatedBytes;
    }

    @Override
    public void close() {
        try {
            aeron.close();
        } finally {
            if (driver != null) {
                driver.close();
            }
        }
    }

    /** Keeps the first error and says it once on {@code err}; the conductor's thread only. */
    private static final class FirstError implements ErrorHandler {

        private final String prefix;
        private final PrintStream err;
        private Throwable first;

        FirstError(String prefix, PrintStream err) {
            this.prefix = prefix;
            this.err = err;
        }

        @Override
        public void onError(Throwable error) {
            if (first == null) {
                first = error;
                err.println(prefix + error);
            }
        }
    }
}
