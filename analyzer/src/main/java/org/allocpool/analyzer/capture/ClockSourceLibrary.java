package org.allocpool.analyzer.capture;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The downcalls into {@code libclocksource} (native/clock/clocksource.c): the monotonic clock of
 * the capture source, starting and stopping its thread, and CPU pinning.
 *
 * <p>Thread-safe: every method may be called from any thread. Memory ownership: the library is
 * loaded once into the global arena and stays for the life of the JVM; the only native memory
 * it allocates is a source's handle, freed by {@link #stop}.
 *
 * <p>The library is found as {@link LibraryFile} says: {@code -Dallocpool.native.lib=...}, else
 * the copy in the allocpool-native jar. Calling into it needs native access:
 * {@code --enable-native-access=org.allocpool.analyzer} on the module path,
 * {@code --enable-native-access=ALL-UNNAMED} on the class path.
 */
public final class ClockSourceLibrary {

    /** The name the source thread carries in {@code /proc/self/task/<tid>/comm}. */
    public static final String THREAD_NAME = "allocpool-clock";

    private static final String NAME = "clocksource";

    private static final MethodHandle NOW_NS;
    private static final MethodHandle START;
    private static final MethodHandle STOP;
    private static final MethodHandle LIVE_THREADS;
    private static final MethodHandle PIN_CURRENT_THREAD;

    static {
        LibraryFile file = LibraryFile.locate(NAME);
        SymbolLookup library = load(file);
        file.release();
        // critical: a few ns, no heap access, never blocks; cheap enough to timestamp every packet.
        NOW_NS = downcall(library, "clocksource_now_ns", FunctionDescriptor.of(JAVA_LONG),
                Linker.Option.critical(false));
        START = downcall(library, "clocksource_start", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        STOP = downcall(library, "clocksource_stop", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        LIVE_THREADS = downcall(library, "clocksource_live_threads", FunctionDescriptor.of(JAVA_INT));
        PIN_CURRENT_THREAD = downcall(library, "clocksource_pin_current_thread",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    private ClockSourceLibrary() {
    }

    /**
     * Nanoseconds on CLOCK_MONOTONIC, the clock of every scheduled time in a {@link CaptureRing}:
     * {@code nowNanos() - ring.lastScheduledNanos()} is a packet's latency.
     */
    // hot path: no allocation
    public static long nowNanos() {
        try {
            return (long) NOW_NS.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * True when {@link System#nanoTime()} reads the same clock as {@link #nowNanos()} (HotSpot on
     * Linux reads CLOCK_MONOTONIC for it): the two agree within {@code toleranceNanos}, read one after
     * the other. The real-time loop then reads {@code System.nanoTime()}, an intrinsic whose code is a
     * fraction of an inlined FFM downcall's (the same {@code clock_gettime} underneath).
     */
    public static boolean javaClockIsMonotonic(long toleranceNanos) {
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = nowNanos();
            long java = System.nanoTime();
            long after = nowNanos();
            if (java >= before - toleranceNanos && java <= after + toleranceNanos) {
                return true;
            }
        }
        return false;
    }

    /** Source threads alive in this process: started and not yet exited. 0 once every source is stopped. */
    public static int liveThreads() {
        try {
            return (int) LIVE_THREADS.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Pins the calling thread (a processor, say) to one CPU, with {@code pthread_setaffinity_np}.
     *
     * @throws IllegalArgumentException if the CPU is negative or the OS refuses it (offline, not allowed)
     */
    public static void pinCurrentThread(int cpu) {
        if (cpu < 0) {
            throw new IllegalArgumentException("cpu must be >= 0: " + cpu);
        }
        int rc;
        try {
            rc = (int) PIN_CURRENT_THREAD.invokeExact(cpu);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw new IllegalArgumentException("cannot pin the calling thread to CPU " + cpu + " (errno " + rc + ")");
        }
    }

    /** Starts the source thread over {@code ring} (zeroed, capacity and interval set); returns its handle. */
    static MemorySegment start(MemorySegment ring, int cpu) {
        int rc;
        MemorySegment handle;
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment handleOut = scratch.allocate(ADDRESS);
            rc = (int) START.invokeExact(ring, cpu, handleOut);
            handle = handleOut.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            String where = cpu >= 0 ? " pinned to CPU " + cpu : "";
            throw new IllegalStateException("the clock source thread did not start" + where + " (errno " + rc + ")");
        }
        return handle;
    }

    /** Stops and joins the source thread of {@code handle} and frees the handle; once per handle. */
    static void stop(MemorySegment handle) {
        int rc;
        try {
            rc = (int) STOP.invokeExact(handle);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw new IllegalStateException("the clock source thread did not stop cleanly (errno " + rc + ")");
        }
    }

    @SuppressWarnings("restricted")
    private static SymbolLookup load(LibraryFile file) {
        try {
            return SymbolLookup.libraryLookup(file.path(), Arena.global());
        } catch (IllegalCallerException e) {
            throw refused(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("cannot load " + file.path() + ": " + e.getMessage()
                    + " (a temporary folder mounted noexec? set -D" + LibraryFile.OVERRIDE_PROPERTY + ")", e);
        }
    }

    @SuppressWarnings("restricted")
    private static MethodHandle downcall(SymbolLookup library, String symbol, FunctionDescriptor descriptor,
            Linker.Option... options) {
        MemorySegment address = library.find(symbol)
                .orElseThrow(() -> new IllegalStateException("lib" + NAME + " has no symbol " + symbol));
        try {
            return Linker.nativeLinker().downcallHandle(address, descriptor, options);
        } catch (IllegalCallerException e) {
            throw refused(e);
        }
    }

    private static IllegalStateException refused(IllegalCallerException e) {
        Module module = ClockSourceLibrary.class.getModule();
        String name = module.isNamed() ? module.getName() : "ALL-UNNAMED";
        return new IllegalStateException("the capture source needs native access: run java with --enable-native-access="
                + name, e);
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }
}
