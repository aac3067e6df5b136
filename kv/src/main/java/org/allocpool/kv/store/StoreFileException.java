package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A store file that cannot be used: not a store, another format version, truncated or corrupted.
 * The message is one line naming the file and the problem, fit to show a user as it is.
 */
public final class StoreFileException extends IOException {

    private static final long serialVersionUID = 1L;

    /** A problem with {@code file}, e.g. {@code "truncated: 4096 bytes, the header says 8192"}. */
    public StoreFileException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
