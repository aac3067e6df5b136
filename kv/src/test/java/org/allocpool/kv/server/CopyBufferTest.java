package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CopyBufferTest {

    private static final int LIMIT = 10_000;

    @TempDir
    Path dir;

    private static byte[] value(int length) {
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++) {
            value[i] = (byte) (i * 7 + 1);
        }
        return value;
    }

    @Test
    void shouldCopySmallValuesWithoutGrowing() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, LIMIT, Durability.ASYNC))) {
            store.put(1, value(60), 0, 60);
            CopyBuffer copy = new CopyBuffer(store);
            byte[] before = copy.bytes();

            assertEquals(60, copy.copy(1));
            assertSame(before, copy.bytes());
            assertArrayEquals(value(60), Arrays.copyOf(copy.bytes(), 60));
            assertEquals(MappedStore.ABSENT, copy.copy(2));
        }
    }

    @Test
    void shouldGrowOnceToTheLimitWhenAValueDoesNotFit() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, LIMIT, Durability.ASYNC))) {
            store.put(1, value(5_000), 0, 5_000);
            store.put(2, value(LIMIT), 0, LIMIT);
            CopyBuffer copy = new CopyBuffer(store);

            assertEquals(5_000, copy.copy(1));
            assertEquals(LIMIT, copy.bytes().length);
            assertArrayEquals(value(5_000), Arrays.copyOf(copy.bytes(), 5_000));
            byte[] grown = copy.bytes();
            assertEquals(LIMIT, copy.copy(2));
            assertSame(grown, copy.bytes(), "grown once");
            assertArrayEquals(value(LIMIT), copy.bytes());
        }
    }

    @Test
    void shouldRefuseAValueStoredUnderAHigherLimitThanThisSessions() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, LIMIT, Durability.ASYNC))) {
            store.put(1, value(LIMIT), 0, LIMIT);
        }
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 5_000, Durability.ASYNC))) {
            CopyBuffer copy = new CopyBuffer(store);
            assertEquals("the value of key 1 has " + LIMIT + " bytes, the destination only 5000",
                    assertThrows(IllegalArgumentException.class, () -> copy.copy(1)).getMessage());
        }
    }
}
