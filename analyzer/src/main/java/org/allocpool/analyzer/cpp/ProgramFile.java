package org.allocpool.analyzer.cpp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.allocpool.nativelib.BundledProgram;

/**
 * The file of the C++ analyser to run: the one named by the system property
 * {@value #OVERRIDE_PROPERTY}, or else an executable temporary copy of the one carried in the
 * allocpool-native jar (as {@code capture.LibraryFile} does for the clock source library).
 *
 * <p>Thread-safe: immutable. Memory ownership: none; the temporary copy is deleted by
 * {@link #release()} once the program has ended, or on exit.
 */
final class ProgramFile {

    /** A built program to run instead of the bundled one, e.g. {@code native/target/cmake/...}. */
    static final String OVERRIDE_PROPERTY = "allocpool.native.analyzer";
    static final String NAME = "allocpool-analyzer";

    private final Path path;
    private final boolean temporary;

    private ProgramFile(Path path, boolean temporary) {
        this.path = path;
        this.temporary = temporary;
    }

    /** The override, else the bundled copy. */
    static ProgramFile locate() {
        String override = System.getProperty(OVERRIDE_PROPERTY);
        if (override != null && !override.isBlank()) {
            Path file = Path.of(override).toAbsolutePath();
            if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
                throw new IllegalStateException("-D" + OVERRIDE_PROPERTY + "=" + override + ": no such executable file");
            }
            return new ProgramFile(file, false);
        }
        return extract();
    }

    private static ProgramFile extract() {
        try (InputStream in = BundledProgram.open(NAME)) {
            if (in == null) {
                throw new IllegalStateException("the allocpool-native jar has no " + BundledProgram.resourceName(NAME)
                        + ": build it with `mvn -pl native -am install` (needs cmake and a C++17 compiler)"
                        + " or point -D" + OVERRIDE_PROPERTY + " at a built " + NAME);
            }
            Path file = Files.createTempFile("allocpool-analyzer-", "");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            if (!file.toFile().setExecutable(true, true)) {
                throw new IllegalStateException("cannot make " + file + " executable (is the temporary folder"
                        + " mounted noexec? set -D" + OVERRIDE_PROPERTY + " to run one in place)");
            }
            return new ProgramFile(file, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the bundled " + NAME + " to a temporary file (set -D"
                    + OVERRIDE_PROPERTY + " to run one in place)", e);
        }
    }

    Path path() {
        return path;
    }

    /** Deletes the temporary copy, if this is one. */
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
