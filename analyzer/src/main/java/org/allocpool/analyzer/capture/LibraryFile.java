package org.allocpool.analyzer.capture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.allocpool.nativelib.BundledLibrary;

/**
 * The file of a native library to load: the one named by the system property
 * {@value #OVERRIDE_PROPERTY}, or else a temporary copy of the one carried in the allocpool-native jar.
 *
 * <p>Thread-safe: immutable. Memory ownership: none; the temporary copy is deleted by
 * {@link #release()} once the library is loaded (Linux keeps a loaded file mapped), or on exit.
 */
final class LibraryFile {

    /** A built library to load instead of the bundled one, e.g. {@code native/target/cmake/...}. */
    static final String OVERRIDE_PROPERTY = "allocpool.native.lib";

    private final Path path;
    private final boolean temporary;

    private LibraryFile(Path path, boolean temporary) {
        this.path = path;
        this.temporary = temporary;
    }

    /** Finds library {@code name} ({@code "clocksource"}): the override, else the bundled copy. */
    static LibraryFile locate(String name) {
        String override = System.getProperty(OVERRIDE_PROPERTY);
        if (override != null && !override.isBlank()) {
            Path file = Path.of(override).toAbsolutePath();
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException("-D" + OVERRIDE_PROPERTY + "=" + override + ": no such file");
            }
            return new LibraryFile(file, false);
        }
        return extract(name);
    }

    private static LibraryFile extract(String name) {
        try (InputStream in = BundledLibrary.open(name)) {
            if (in == null) {
                throw new IllegalStateException("the allocpool-native jar has no " + BundledLibrary.resourceName(name)
                        + " (platform " + BundledLibrary.platform() + "): build it with `mvn -pl native install`"
                        + " or point -D" + OVERRIDE_PROPERTY + " at a built " + BundledLibrary.fileName(name));
            }
            Path file = Files.createTempFile("allocpool-" + name + "-", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return new LibraryFile(file, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the bundled " + BundledLibrary.fileName(name)
                    + " to a temporary file (set -D" + OVERRIDE_PROPERTY + " to load one in place)", e);
        }
    }

    Path path() {
        return path;
    }

    /** Deletes the temporary copy, if this is one; a loaded library stays mapped. */
    void release() {
        if (temporary) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // deleteOnExit is still registered
            }
        }
    }
}
