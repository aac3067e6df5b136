package org.allocpool.memory.pool;

/** Adapts an {@link ObjectPool} to the contract suite's {@link PoolContract.Subject}. */
final class ObjectPoolSubject {

    private ObjectPoolSubject() {
    }

    @SuppressWarnings("unchecked")
    static PoolContract.Subject of(ObjectPool<?> pool) {
        ObjectPool<Object> objects = (ObjectPool<Object>) pool;
        return new PoolContract.Subject() {
            @Override
            public Object acquire() {
                return objects.acquire();
            }

            @Override
            public boolean release(Object item) {
                return objects.release(item);
            }

            @Override
            public int available() {
                return objects.available();
            }

            @Override
            public int capacity() {
                return objects.capacity();
            }

            @Override
            public PoolCounts counts() {
                return objects.counts();
            }
        };
    }
}
