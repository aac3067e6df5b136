package org.allocpool.nativelib;

import java.io.IOException;
import java.io.InputStream;

/**
 * Finds a native program carried in this module's jar for the running platform, beside the
 * libraries: {@code org/allocpool/nativelib/linux-x86_64/allocpool-analyzer}.
 *
 * <p>Thread-safe: stateless. Memory ownership: none; each {@link #open} returns a stream the
 * caller closes. The program must be copied to an executable file before it can be run.
 */
public final class BundledProgram {

    private BundledProgram() {
    }

    /** Where program {@code name} sits in this jar, for messages. */
    public static String resourceName(String name) {
        return "org/allocpool/nativelib/" + BundledLibrary.platform() + "/" + name;
    }

    /**
     * Opens the bundled program {@code name} ({@code "allocpool-analyzer"}) for this platform.
     *
     * @return the stream of the program's bytes, or {@code null} if this jar has none for this platform
     */
    public static InputStream open(String name) throws IOException {
        return BundledProgram.class.getModule().getResourceAsStream(resourceName(name));
    }
}
