/**
 * A persistent off-heap hash map from {@code long} keys to byte values over one memory-mapped file:
 * {@link org.allocpool.kv.store.MappedStore} (thread-safe, 64 segments each under its own
 * {@link java.util.concurrent.locks.StampedLock}), its configuration and
 * {@link org.allocpool.kv.store.Durability durability modes}, the zero-copy
 * {@link org.allocpool.kv.store.ValueView}, and {@link org.allocpool.kv.store.StoreCheck} which
 * verifies a file without opening it for writing, and {@link org.allocpool.kv.store.StoreRepair} which
 * mends a damaged one (keeping the entries whose checksum holds) into a new file. The binary formats are described, byte by byte,
 * in {@code HeaderLayout}, {@code SlotLayout} and {@code EntryLayout}.
 */
package org.allocpool.kv.store;
