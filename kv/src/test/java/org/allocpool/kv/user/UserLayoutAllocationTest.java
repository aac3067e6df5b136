package org.allocpool.kv.user;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

/**
 * The layout's paths marked "hot path" allocate what they say and nothing more, measured in bytes
 * the thread allocated: writing into a reused segment or array (through a {@link UserWriter} too) and
 * reading fields in place allocate nothing, a fresh encode only the array it returns (before the
 * strings were written straight from the {@code User}, a fresh encode allocated three times its
 * array: 258 bytes per user).
 */
class UserLayoutAllocationTest {

    private static final int USERS = 1_000;
    private static final int WARM_UP = 200_000;
    private static final int CALLS = 500_000;
    /**
     * Bytes a measured loop may allocate in all without allocating per call: one allocation per call
     * would be at least 16 bytes x 500,000 = 8 MB, where the JVM itself may allocate a few hundred
     * bytes once on this thread while the loop runs (168 bytes seen in one run of the read loop, on
     * a busy machine: a compilation or deoptimisation event, not the code under test).
     */
    private static final long ONE_OFF_BYTES = 1024;

    private static User[] users() {
        User[] users = new User[USERS];
        for (int i = 0; i < USERS; i++) {
            users[i] = UserGenerator.user(i * 31L);
        }
        return users;
    }

    /** One way of writing a user at an offset into a target it reuses. */
    private interface Write {
        int write(User user, int offset);
    }

    private static long writeEach(User[] users, Write write, int calls) {
        long bytes = 0;
        for (int i = 0; i < calls; i++) {
            bytes += write.write(users[i % USERS], i & 63);
        }
        return bytes;
    }

    private static void assertWritesAllocateNothing(Write write) {
        User[] users = users();
        long warm = writeEach(users, write, WARM_UP);
        long before = AllocationCounter.currentThreadAllocatedBytes();
        long written = writeEach(users, write, CALLS);
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(warm > 0 && written > 0);
        assertTrue(allocated <= ONE_OFF_BYTES, allocated + " bytes allocated over " + CALLS + " writes");
    }

    @Test
    void shouldAllocateNothingWhenWritingIntoAReusedSegment() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment target = arena.allocate(4096);
            assertWritesAllocateNothing((user, offset) -> UserLayout.write(user, target, offset));
        }
    }

    @Test
    void shouldAllocateNothingWhenAWriterWritesIntoAReusedSegment() {
        UserWriter writer = new UserWriter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment target = arena.allocate(4096);
            assertWritesAllocateNothing((user, offset) -> writer.write(user, target, offset));
        }
    }

    @Test
    void shouldAllocateNothingWhenWritingIntoAReusedArray() {
        byte[] target = new byte[4096];
        assertWritesAllocateNothing((user, offset) -> UserLayout.write(user, target, offset));
    }

    private static long readEach(MemorySegment store, long[] offsets, UserFlyweight user, int calls) {
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            int u = i % USERS;
            user.wrap(store, offsets[u], (int) (offsets[u + 1] - offsets[u]));
            sum += user.id() + user.friendCount() + user.nameLength() + (user.hasEmail() ? 1 : 0)
                    + (user.hasCity() ? 1 : 0) + (user.friendCount() > 0 ? user.friend(0) : 0);
        }
        return sum;
    }

    @Test
    void shouldAllocateNothingWhenReadingFieldsInPlace() {
        User[] users = users();
        long[] offsets = new long[USERS + 1];
        for (int i = 0; i < USERS; i++) {
            offsets[i + 1] = offsets[i] + UserLayout.encodedLength(users[i]);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment store = arena.allocate(offsets[USERS]);
            for (int i = 0; i < USERS; i++) {
                UserLayout.write(users[i], store, offsets[i]);
            }
            UserFlyweight user = new UserFlyweight();
            long warm = readEach(store, offsets, user, WARM_UP);
            long before = AllocationCounter.currentThreadAllocatedBytes();
            long sum = readEach(store, offsets, user, CALLS);
            long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
            assertTrue(warm != 0 && sum != 0);
            assertTrue(allocated <= ONE_OFF_BYTES, allocated + " bytes allocated over " + CALLS + " reads in place");
        }
    }

    @Test
    void shouldAllocateOnlyTheReturnedArrayWhenEncodingToAFreshArray() {
        User[] users = users();
        long arrays = 0;
        for (int i = 0; i < WARM_UP; i++) {
            arrays += UserLayout.encode(users[i % USERS]).length;
        }
        long bound = 0;
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < CALLS; i++) {
            byte[] bytes = UserLayout.encode(users[i % USERS]);
            // an array's header is at most 16 bytes, its size a multiple of 8
            bound += (16 + bytes.length + 7) & ~7;
        }
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(arrays > 0);
        // under a byte per encode beyond its array: 0 B/op at the precision of a B/op (a one-off of a few
        // hundred bytes, the JIT's or the runtime's, may fall in the window)
        assertTrue(allocated - bound < CALLS, allocated + " bytes allocated over " + CALLS
                + " encodes, whose arrays take " + bound);
    }
}
