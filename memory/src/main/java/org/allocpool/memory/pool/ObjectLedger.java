package org.allocpool.memory.pool;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Debug accounting for an object pool: which objects are out (by identity), and how many went out
 * and came back. Used only when {@link PoolDebug#ENABLED}; it allocates, which is fine for a
 * debugging aid. Single-threaded, owned by one pool.
 */
final class ObjectLedger {

    private final Set<Object> out = Collections.newSetFromMap(new IdentityHashMap<>());
    private long handedOut;
    private long returned;

    void onAcquire(Object item) {
        if (!out.add(item)) {
            throw new IllegalStateException("object handed out twice without a release: " + item);
        }
        handedOut++;
    }

    void onRelease(Object item) {
        if (item == null) {
            throw new IllegalStateException("release of null");
        }
        if (!out.remove(item)) {
            throw new IllegalStateException("double release, or an object this pool never handed out: " + item);
        }
        returned++;
    }

    PoolCounts counts() {
        return new PoolCounts(handedOut, returned);
    }
}
