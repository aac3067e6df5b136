package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Asks Linux to back a store's mapping with 2 MiB pages where it can ({@code madvise(MADV_HUGEPAGE)}
 * through an FFM downcall): the page cache then fills the file's pages the mapping touches first in
 * 2 MiB folios (ext4 and xfs do on Linux 6.x), mapped with one TLB entry each where the mapping is
 * aligned. A put and a get each load two scattered words (the key's slot, then its entry), so with
 * 4 KiB pages most of them miss the TLB as well as the cache.
 *
 * <p>Asked for by {@link StoreConfig#largePages}, off by default: measured, puts made back to back
 * gain about 8% over long runs, but a server's SETs one request at a time lose 6-8% (docs/kv.md).
 * Only for stores whose writes the OS writes back in its own time ({@link Durability#ASYNC}): a
 * forced write ({@code msync}) writes back whole folios, 2 MiB for a put of 100 bytes. Pages already
 * in the page cache keep their size. Advice, not a promise: where the kernel or the file system
 * does not take it, nothing changes. Stateless; thread-safe.
 */
final class LargePages {

    /** {@code MADV_HUGEPAGE} of Linux's {@code <sys/mman.h>}. */
    private static final int MADV_HUGEPAGE = 14;
    /** {@code madvise}, or null where it is not to be called (not Linux, no native access). */
    private static final MethodHandle MADVISE = Libc.MADVISE;

    private LargePages() {
    }

    /**
     * Advises the kernel to back {@code mapping} (a mapped file, page-aligned) with large pages,
     * where it can be asked; a refusal changes nothing (tests read the mapping's flags).
     */
    static void advise(MemorySegment mapping) {
        if (MADVISE == null || mapping.byteSize() == 0) {
            return;
        }
        try {
            int ignored = (int) MADVISE.invokeExact(mapping, mapping.byteSize(), MADV_HUGEPAGE);
        } catch (Throwable t) {
            // advice only: the store works the same without it
        }
    }

    /**
     * Refuses a store asking for large pages on Linux without native access for this module, with
     * the flag that grants it; elsewhere there is nothing to ask for.
     */
    static void requireAvailable() {
        if (Libc.LINUX && MADVISE == null) {
            Module module = LargePages.class.getModule();
            throw new IllegalStateException("large pages need native access: run java with --enable-native-access="
                    + (module.isNamed() ? module.getName() : "ALL-UNNAMED"));
        }
    }
}
