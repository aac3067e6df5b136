package org.allocpool.nativelib;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Finds a native library carried in this module's jar for the running platform.
 *
 * <p>Thread-safe: stateless. Memory ownership: none; each {@link #open} returns a stream the
 * caller closes. The library itself must be copied to a file before it can be loaded.
 */
public final class BundledLibrary {

    private BundledLibrary() {
    }

    /**
     * The platform folder of this JVM, as the Maven build names it: {@code linux-x86_64},
     * {@code linux-aarch64}, ...
     */
    public static String platform() {
        String os = System.getProperty("os.name", "unknown").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "unknown").toLowerCase(Locale.ROOT);
        String osName = os.startsWith("linux") ? "linux" : os.replace(' ', '_');
        String archName = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
        return osName + "-" + archName;
    }

    /** The file name of library {@code name} on this platform: {@code libclocksource.so}. */
    public static String fileName(String name) {
        return "lib" + name + ".so";
    }

    /** Where library {@code name} sits in this jar, for messages: {@code linux-x86_64/libclocksource.so}. */
    public static String resourceName(String name) {
        return "org/allocpool/nativelib/" + platform() + "/" + fileName(name);
    }

    /**
     * Opens the bundled library {@code name} ({@code "clocksource"}) for this platform.
     *
     * @return the stream of the library's bytes, or {@code null} if this jar has none for this platform
     */
    public static InputStream open(String name) throws IOException {
        // Module-relative lookup: works on the class path and on the module path alike.
        return BundledLibrary.class.getModule().getResourceAsStream(resourceName(name));
    }
}
