package org.allocpool.kv.store;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Asks Linux to back a store's mapping with 2 MiB pages where it can ({@code madvise(MADV_HUGEPAGE)}
 * through an FFM downcall): the page cache then fills the file's pages the mapping touches first in
 * 2 MiB folios (ext4 and xfs do on Linux 6.x), mapped with one TLB entry each where the mapping is
 * aligned. A put and a get each load two scattered words (the key's slot, then its entry), so with
 * 4 KiB pages most of them miss the TLB as well as the cache.
 *
 * <p>Only for stores whose writes the OS writes back in its own time ({@link Durability#ASYNC}): a
 * forced write ({@code msync}) writes back whole folios, 2 MiB for a put of 100 bytes. Pages already
 * in the page cache keep their size. Advice, not a promise: where the kernel, the file system or the
 * JVM (no native access granted to this module) does not allow it, nothing changes and nothing
 * fails. Stateless; thread-safe.
 */
final class LargePages {

    /** {@code MADV_HUGEPAGE} of Linux's {@code <sys/mman.h>}. */
    private static final int MADV_HUGEPAGE = 14;
    /** {@code madvise}, or null where it is not to be called (not Linux, no native access). */
    private static final MethodHandle MADVISE = madvise();

    private LargePages() {
    }

    /**
     * Advises the kernel to back {@code mapping} (a mapped file, page-aligned) with large pages;
     * whether it took the advice (false where it cannot be given).
     */
    static boolean advise(MemorySegment mapping) {
        if (MADVISE == null || mapping.byteSize() == 0) {
            return false;
        }
        try {
            return (int) MADVISE.invokeExact(mapping, mapping.byteSize(), MADV_HUGEPAGE) == 0;
        } catch (Throwable t) {
            return false; // advice only: the store works the same without it
        }
    }

    @SuppressWarnings("restricted")
    private static MethodHandle madvise() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
                || !LargePages.class.getModule().isNativeAccessEnabled()) {
            return null;
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("madvise")
                .map(address -> linker.downcallHandle(address, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)))
                .orElse(null);
    }
}
