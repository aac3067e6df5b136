package org.allocpool.nativelib;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds a native program carried in this module's jar for the running platform, beside the
 * libraries: {@code org/allocpool/nativelib/linux-x86_64/allocpool-analyzer}.
 *
 * <p>Thread-safe: {@link #locate} is synchronized, the rest is stateless. Memory ownership: none;
 * each {@link #open} returns a stream the caller closes. The program must be copied to an executable
 * file before it can be run: {@link #locate} makes that copy once per program and JVM, deleted when
 * the JVM exits.
 */
public final class BundledProgram {

    /** The executable copies made by {@link #locate}, by program name. */
    private static final Map<String, Path> EXTRACTED = new HashMap<>();

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

    /**
     * The file to run for program {@code name}: the one named by the system property
     * {@code overrideProperty} when it is set (a program built elsewhere, run in place), else an
     * executable temporary copy of the bundled one, made on the first call and shared by later ones.
     *
     * @throws IllegalStateException saying what is missing and how to get it
     */
    public static synchronized Path locate(String name, String overrideProperty) {
        String override = System.getProperty(overrideProperty);
        if (override != null && !override.isBlank()) {
            Path file = Path.of(override).toAbsolutePath();
            if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
                throw new IllegalStateException("-D" + overrideProperty + "=" + override + ": no such executable file");
            }
            return file;
        }
        Path extracted = EXTRACTED.get(name);
        if (extracted != null && Files.isExecutable(extracted)) {
            return extracted;
        }
        try (InputStream in = open(name)) {
            if (in == null) {
                throw new IllegalStateException("the allocpool-native jar has no " + resourceName(name)
                        + ": rebuild with ./allocpool (needs cmake and a C compiler) or point -D" + overrideProperty
                        + " at a built " + name);
            }
            Path file = Files.createTempFile(name + "-", "");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            if (!file.toFile().setExecutable(true, true)) {
                throw new IllegalStateException("cannot make " + file + " executable (temporary folder mounted noexec?"
                        + " set -D" + overrideProperty + ")");
            }
            EXTRACTED.put(name, file);
            return file;
        } catch (IOException e) {
            throw new IllegalStateException("cannot copy the bundled " + name + " to a temporary file: " + e.getMessage(), e);
        }
    }
}
