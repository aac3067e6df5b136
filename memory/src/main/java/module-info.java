/** Reusable building blocks: index pools, off-heap slabs of fixed-size slots, bounded object pools. */
module org.allocpool.memory {
    exports org.allocpool.memory.pool;
    exports org.allocpool.memory.slab;
}
