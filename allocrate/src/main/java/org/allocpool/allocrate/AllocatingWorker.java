package org.allocpool.allocrate;

/**
 * {@link EventLoop#ALLOC}: a new {@link TopOfBook} per event. Not thread-safe; one thread's.
 */
final class AllocatingWorker extends EventWorker {

    // hot path: one TopOfBook allocated per event, nothing else
    @Override
    public void run(long events) {
        final TopOfBook[] kept = this.kept;
        long sequence = this.sequence;
        int slot = this.slot;
        long sum = checksum;
        for (long i = 0; i < events; i++) {
            kept[slot] = new TopOfBook().fill(sequence++);
            int older = slot < KEPT / 2 ? slot + KEPT / 2 : slot - KEPT / 2;
            TopOfBook before = kept[older];
            if (before != null) {
                sum += before.checksum();
            }
            slot = slot + 1 == KEPT ? 0 : slot + 1;
        }
        this.sequence = sequence;
        this.slot = slot;
        checksum = sum;
    }
}
