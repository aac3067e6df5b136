package org.allocpool.kv.store;

/**
 * When a conditional put stores its value: always, only if the key has no value (Redis's
 * {@code SET ... NX}), or only if it has one ({@code SET ... XX}). The test and the write happen
 * under the key's segment lock, so no other writer of the key comes between them. An expired value
 * counts as none. Immutable; thread-safe.
 */
public enum PutCondition {
    /** Store whether or not the key has a value. */
    ALWAYS,
    /** Store only when the key has no (unexpired) value. */
    IF_ABSENT,
    /** Store only when the key has an (unexpired) value. */
    IF_PRESENT
}
