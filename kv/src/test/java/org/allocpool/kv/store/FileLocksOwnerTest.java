package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who holds a lock in a shared store's file: a live process with the pid of the lock's word is the
 * holder only when it started when the holder did (the word's tag); a process that reused a dead
 * holder's pid is not, and a waiter takes the lock over. The reuse is simulated: a lock word carries
 * the pid of a live process (this JVM's parent) with a start tag that is not that process's.
 */
class FileLocksOwnerTest {

    @TempDir
    Path dir;

    @Test
    void shouldTellALiveHolderFromALaterProcessWithItsPid() {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        int tag = FileLocks.startTag(parent);
        assertNotEquals(FileLocks.UNKNOWN_START, tag, "this OS tells a process's start time");
        assertEquals(tag, FileLocks.startTag(parent), "a process's tag is stable");
        FileLocks locks = new FileLocks();
        assertFalse(locks.isDead(FileLocks.ownerWord(parent.pid(), tag)), "the live holder");
        assertTrue(locks.isDead(FileLocks.ownerWord(parent.pid(), tag ^ 1)), "a pid reused by a later process");
        assertFalse(locks.isDead(locks.owner), "this process");
        long self = ProcessHandle.current().pid();
        assertEquals(FileLocks.ownerWord(self, FileLocks.startTag(ProcessHandle.current())), locks.owner,
                "the owner word is the pid and the start tag");
        assertTrue(locks.isDead(locks.owner ^ 1), "a dead earlier process that had this pid");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldTakeOverALockWhoseHoldersPidALiveProcessReused() throws Exception {
        Path store = dir.resolve("store");
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        long reused = FileLocks.ownerWord(parent.pid(), FileLocks.startTag(parent) ^ 1);
        long key = 7;
        byte[] value = CrashValues.value(key, 0);
        try (MappedStore shared = MappedStore.open(store, SharedStoreChild.config())) {
            int segment = shared.segmentOf(key);
            // the lock as a dead holder left it, whose pid the OS has since given the live parent
            try (Arena arena = Arena.ofConfined();
                 FileChannel channel = FileChannel.open(store.resolve(MappedStore.FILE_NAME), StandardOpenOption.READ,
                         StandardOpenOption.WRITE)) {
                MemorySegment header = channel.map(FileChannel.MapMode.READ_WRITE, 0, HeaderLayout.HEADER_BYTES, arena);
                assertTrue(SharedLayout.compareAndSetLock(header, segment, 0, reused));
            }
            shared.put(key, value, 0, value.length); // waits, finds the holder gone, takes the lock over
            assertEquals(1, shared.takeovers());
            assertEquals(0, shared.droppedAfterTakeover());
            byte[] read = new byte[256];
            assertEquals(value.length, shared.get(key, read));
            assertTrue(Arrays.equals(value, Arrays.copyOf(read, value.length)));
        }
        assertFalse(Files.exists(store.resolve(CleanClose.FILE_NAME)), "a clean close recorded after a takeover");
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(1, reopened.entriesCheckedAtOpen(), "every entry checked after a takeover");
            assertEquals(1, reopened.size());
        }
    }
}
