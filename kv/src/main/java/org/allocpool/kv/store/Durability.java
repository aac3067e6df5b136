package org.allocpool.kv.store;

/**
 * When a write to a {@link MappedStore} reaches the disk.
 *
 * <ul>
 *   <li>{@link #ASYNC}: {@code put} and {@code remove} return once the bytes are in the mapped
 *       memory (the OS page cache); the OS writes them back when it likes. A crash of the process
 *       (even {@code kill -9}) loses nothing acknowledged, because the page cache belongs to the
 *       kernel, not to the process. A crash of the machine or a power cut may lose recent writes,
 *       and since the kernel writes pages back in no particular order, the file may then hold a
 *       slot whose entry never reached the disk: the store refuses such a file as corrupted and
 *       {@code kv check} names the entries concerned. {@link MappedStore#close()} forces the whole
 *       file, so a store closed cleanly is on the disk.</li>
 *   <li>{@link #SYNC}: every {@code put} forces its entry to the disk ({@code MemorySegment.force()}
 *       on the touched range, an {@code msync}) before it publishes the slot, then forces the slot,
 *       and only then returns. An acknowledged write survives a machine crash, as far as the disk
 *       and the file system honour {@code msync}. It costs one or two synchronous disk writes per
 *       operation, or two for a whole batch of puts made through a {@link SyncBatch} (group
 *       commit: {@link MappedStore#beginBatch()}), with the same promise once its
 *       {@code commit()} returns.</li>
 * </ul>
 */
public enum Durability {
    /** The OS writes back; a process crash loses nothing, a machine crash may lose recent writes. */
    ASYNC,
    /** Each write is forced to the disk before it is acknowledged. */
    SYNC
}
