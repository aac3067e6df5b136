package org.allocpool.allocrate;

/**
 * {@link EventLoop#REUSE}: one {@link TopOfBook} for every event, as Chronicle Wire reuses one object
 * per event type when it reads. Not thread-safe; one thread's.
 */
final class ReusingWorker extends EventWorker {

    private final TopOfBook event = new TopOfBook();

    // hot path: no allocation
    @Override
    public void run(long events) {
        final TopOfBook[] kept = this.kept;
        final TopOfBook event = this.event;
        long sequence = this.sequence;
        int slot = this.slot;
        long sum = checksum;
        for (long i = 0; i < events; i++) {
            kept[slot] = event.fill(sequence++);
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
