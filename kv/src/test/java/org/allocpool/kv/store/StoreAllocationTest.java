package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.allocpool.kv.user.UserFlyweight;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.kv.user.UserLayout;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read paths marked "hot path: no allocation" allocate nothing, measured in allocated bytes. */
class StoreAllocationTest {

    private static final int USERS = 1_000;
    private static final int WARM_UP = 300_000;
    private static final int CALLS = 1_000_000;

    @TempDir
    Path dir;

    private MappedStore storeOfUsers() throws IOException {
        MappedStore store = MappedStore.open(dir, StoreConfig.defaults());
        for (long id = 0; id < USERS; id++) {
            byte[] bytes = UserLayout.encode(UserGenerator.user(id));
            store.put(id, bytes, 0, bytes.length);
        }
        return store;
    }

    private static long readThroughFlyweight(MappedStore store, ValueView view, UserFlyweight user, int calls) {
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            long id = i % USERS;
            if (store.get(id, view)) {
                user.wrap(view.segment(), view.offset(), view.length());
                sum += user.id();
                for (int f = 0; f < user.friendCount(); f++) {
                    sum += user.friend(f);
                }
            }
        }
        return sum;
    }

    @Test
    void shouldNotAllocateWhenReadingIntoAFlyweight() throws IOException {
        try (MappedStore store = storeOfUsers()) {
            ValueView view = new ValueView();
            UserFlyweight user = new UserFlyweight();
            long warm = readThroughFlyweight(store, view, user, WARM_UP);
            long before = AllocationCounter.currentThreadAllocatedBytes();
            long sum = readThroughFlyweight(store, view, user, CALLS);
            long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
            assertTrue(warm != 0 && sum != 0);
            assertTrue(allocated < CALLS, allocated + " bytes allocated over " + CALLS + " get+flyweight calls");
        }
    }

    @Test
    void shouldNotAllocateWhenCopyingIntoACallersBuffer() throws IOException {
        try (MappedStore store = storeOfUsers(); Arena arena = Arena.ofConfined()) {
            byte[] array = new byte[256];
            MemorySegment segment = arena.allocate(256);
            long lengths = 0;
            for (int i = 0; i < WARM_UP; i++) {
                lengths += store.get(i % USERS, array) + store.get(i % USERS, segment);
            }
            long before = AllocationCounter.currentThreadAllocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                lengths += store.get(i % USERS, array) + store.get(i % USERS, segment);
                lengths += store.containsKey(i) ? 1 : 0;
            }
            long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
            assertTrue(lengths > 0);
            assertTrue(allocated < CALLS, allocated + " bytes allocated over " + CALLS + " get calls");
            assertEquals(MappedStore.ABSENT, store.get(USERS + 1, array));
        }
    }

    @Test
    void shouldNotAllocateWhenPuttingWithoutGrowing() throws IOException {
        int puts = 200_000;
        // room for every put below without a growth: a growth allocates (a new mapping, counters); the
        // puts may all come within a grace time, before any freed room is reused, so a log for all of them
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1 << 20, 256, Durability.ASYNC));
             Arena arena = Arena.ofConfined()) {
            byte[] array = UserLayout.encode(UserGenerator.user(1));
            MemorySegment segment = arena.allocate(array.length);
            MemorySegment.copy(array, 0, segment, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, array.length);
            for (int i = 0; i < puts / 4; i++) {
                store.put(i % USERS, array, 0, array.length);
                store.put(i % USERS, segment);
            }
            long fileBytes = store.fileBytes();
            long growths = store.growthsByCopy() + store.logExtensions();
            long before = AllocationCounter.currentThreadAllocatedBytes();
            for (int i = 0; i < puts / 2; i++) {
                store.put(i % USERS, array, 0, array.length);
                store.put(i % USERS, segment);
            }
            long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
            assertEquals(fileBytes, store.fileBytes(), "the store grew during the measurement");
            assertEquals(growths, store.growthsByCopy() + store.logExtensions(), "the store grew during the measurement");
            assertTrue(allocated < puts, allocated + " bytes allocated over " + puts + " puts");
        }
    }

    @Test
    void shouldNotAllocateWhenPuttingAndGettingByteKeys() throws IOException {
        int calls = 200_000;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1 << 18, 256, Durability.ASYNC))) {
            ByteKey key = new ByteKey(64);
            byte[] value = UserLayout.encode(UserGenerator.user(1));
            byte[] dst = new byte[256];
            long lengths = 0;
            for (int round = 0; round < 2; round++) {
                long before = AllocationCounter.currentThreadAllocatedBytes();
                for (int i = 0; i < calls; i++) {
                    byte[] k = key.array();
                    int n = 0;
                    for (String part = "user:"; n < part.length(); n++) {
                        k[n] = (byte) part.charAt(n);
                    }
                    for (int v = i % USERS; n < 12; v /= 10) {
                        k[n++] = (byte) ('0' + v % 10);
                    }
                    key.setLength(n);
                    store.put(key, value, 0, value.length, 0, PutCondition.ALWAYS);
                    lengths += store.getIfFits(key, dst) + (store.containsKey(key) ? 1 : 0);
                }
                long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
                if (round == 1) {
                    assertTrue(allocated < calls, allocated + " bytes allocated over " + calls
                            + " byte-key put+get+containsKey calls");
                }
            }
            assertTrue(lengths > 0);
        }
    }
}
