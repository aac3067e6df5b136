package org.allocpool.kv.store;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The C library functions the store calls on Linux, as FFM downcalls: {@code madvise}
 * ({@link LargePages}), {@code open}, {@code posix_fallocate}, {@code close}, {@code strerror}
 * ({@link FileBlocks}) and {@code kill} ({@link ProcessTable}). Each handle is null where it is not to be called (not Linux, or no native
 * access for this module); callers then do without. Stateless; thread-safe.
 */
final class Libc {

    static final boolean LINUX = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
    /** Whether the downcalls below were made: Linux, and native access for this module. */
    static final boolean AVAILABLE = LINUX && Libc.class.getModule().isNativeAccessEnabled();
    /** {@code O_RDWR | O_CLOEXEC} of Linux's {@code <fcntl.h>} (the same on x86-64 and aarch64). */
    static final int O_RDWR_CLOEXEC = 2 | 0x80000;
    /** {@code EOPNOTSUPP}: the file system cannot reserve blocks. */
    static final int EOPNOTSUPP = 95;
    /** The state {@link #OPEN} captures: {@code errno}. */
    static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(
            MemoryLayout.PathElement.groupElement("errno"));

    /** {@code int madvise(void *addr, size_t length, int advice)}. */
    static final MethodHandle MADVISE = downcall("madvise",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    /** {@code int open(const char *path, int flags, ...)}, called with a mode of 0; first argument the call state. */
    static final MethodHandle OPEN = downcall("open",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
    /** {@code int posix_fallocate(int fd, off_t offset, off_t len)}: returns the error number, 0 on success. */
    static final MethodHandle POSIX_FALLOCATE = downcall("posix_fallocate",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    /** {@code int close(int fd)}. */
    static final MethodHandle CLOSE = downcall("close",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    /** {@code int kill(pid_t pid, int sig)}, called with a signal of 0 (a probe); first argument the call state. */
    static final MethodHandle KILL = downcall("kill",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            Linker.Option.captureCallState("errno"));
    /** {@code EPERM}: the process exists, and this one may not signal it. */
    static final int EPERM = 1;
    /** {@code ESRCH}: no such process. */
    static final int ESRCH = 3;
    /** {@code char *strerror(int errnum)}. */
    private static final MethodHandle STRERROR = downcall("strerror",
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

    private Libc() {
    }

    /** The {@code errno} a call captured into {@code state} (laid out as {@link #CALL_STATE}). */
    static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    /** The C library's words for error number {@code errno} ("No space left on device"), with the number. */
    @SuppressWarnings("restricted")
    static String describe(int errno) {
        if (STRERROR != null) {
            try {
                MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
                if (!text.equals(MemorySegment.NULL)) {
                    return text.reinterpret(1024).getString(0) + " (errno " + errno + ")";
                }
            } catch (Throwable t) {
                // the number alone
            }
        }
        return "errno " + errno;
    }

    @SuppressWarnings("restricted")
    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        if (!AVAILABLE) {
            return null;
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find(name)
                .map(address -> linker.downcallHandle(address, descriptor, options))
                .orElse(null);
    }
}
