package org.allocpool.messaging.aeron;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.AgentInvoker;

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

    @Override
    public void close() {
        try {
            aeron.close();
        } finally {
            driver.close();
        }
    }
}
