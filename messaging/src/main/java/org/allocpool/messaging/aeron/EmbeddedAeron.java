package org.allocpool.messaging.aeron;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.AgentInvoker;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * A media driver embedded in this JVM and an Aeron client of it, both driven by the caller's own
 * thread ({@link ThreadingMode#INVOKER}, the client's conductor invoked too): each process of a pair
 * then spins exactly one thread, which is what two processes on a 2-core machine can afford (the
 * driver's own threads would make four spinning threads on two cores). The caller must call
 * {@link #invoke()} often: the driver sends, receives, acknowledges and times out only then. Its
 * folder (a fresh one under the system's default, {@code /dev/shm} on Linux) is deleted on
 * {@link #close()}. Confined to the thread that made it.
 */
public final class EmbeddedAeron implements AutoCloseable {

    private final MediaDriver driver;
    private final Aeron aeron;
    private final AgentInvoker driverInvoker;
    private final AgentInvoker clientInvoker;
    private long dutyAllocatedBytes;

    private EmbeddedAeron(MediaDriver driver, Aeron aeron) {
        this.driver = driver;
        this.aeron = aeron;
        this.driverInvoker = driver.sharedAgentInvoker();
        this.clientInvoker = aeron.conductorAgentInvoker();
    }

    /** Starts a driver in a fresh folder and connects a client to it. */
    public static EmbeddedAeron start() {
        String dir = CommonContext.generateRandomDirName();
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
            return new EmbeddedAeron(driver, aeron);
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /** The client, for publications and subscriptions. */
    public Aeron aeron() {
        return aeron;
    }

    /** One duty cycle of the driver and of the client's conductor; returns the work done. */
    // hot path: no allocation
    public int invoke() {
        return driverInvoker.invoke() + clientInvoker.invoke();
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
            driver.close();
        }
    }
}
