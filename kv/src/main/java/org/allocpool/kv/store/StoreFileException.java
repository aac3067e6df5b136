package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A store file that cannot be used: not a store, another format version, truncated or corrupted.
 * The message is one line naming the file and the problem, fit to show a user as it is.
 * {@link #isDamage()} tells a damaged store ({@code allocpool kv repair} can mend it: a truncated
 * file, an entry or slot that fails its checks) from one that is not a store of this format at all.
 */
public final class StoreFileException extends IOException {

    private static final long serialVersionUID = 1L;

    private final boolean damage;

    /** A problem with {@code file} that is not damage, e.g. {@code "format version 3, ..."}. */
    public StoreFileException(Path file, String problem) {
        this(file, problem, false);
    }

    /**
     * A problem with {@code file}, e.g. {@code "truncated: 4096 bytes, the header says 8192"}.
     *
     * @param damage whether the file is a store of this format that was damaged (truncated,
     *               an entry failing its checksum), which {@link StoreRepair} can mend
     */
    public StoreFileException(Path file, String problem, boolean damage) {
        super(file + ": " + problem);
        this.damage = damage;
    }

    /** Whether the file is a store of this format that was damaged: {@code kv repair} can mend it. */
    public boolean isDamage() {
        return damage;
    }
}
