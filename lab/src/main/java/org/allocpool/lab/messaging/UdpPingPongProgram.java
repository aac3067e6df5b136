package org.allocpool.lab.messaging;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.allocpool.nativelib.BundledProgram;

/**
 * The C ping-pong program over plain UDP sockets ({@code native/messaging/udp_pingpong.c}), carried in
 * the allocpool-native jar as the C++ analyser is: the file named by {@value #OVERRIDE_PROPERTY}, or
 * else an executable temporary copy of the bundled one, deleted when this JVM exits. Thread-safe.
 */
public final class UdpPingPongProgram {

    /** A built program to run instead of the bundled one. */
    public static final String OVERRIDE_PROPERTY = "allocpool.native.udp-pingpong";
    public static final String NAME = "allocpool-udp-pingpong";

    private static Path extracted;

    private UdpPingPongProgram() {
    }

    /**
     * The program's file.
     *
     * @throws IllegalStateException saying what is missing and how to get it
     */
    public static synchronized Path locate() {
        String override = System.getProperty(OVERRIDE_PROPERTY);
        if (override != null && !override.isBlank()) {
            Path file = Path.of(override).toAbsolutePath();
            if (!Files.isExecutable(file)) {
                throw new IllegalStateException("-D" + OVERRIDE_PROPERTY + "=" + override + ": no such executable file");
            }
            return file;
        }
        if (extracted != null && Files.isExecutable(extracted)) {
            return extracted;
        }
        try (InputStream in = BundledProgram.open(NAME)) {
            if (in == null) {
                throw new IllegalStateException("the allocpool-native jar has no " + BundledProgram.resourceName(NAME)
                        + ": rebuild with ./allocpool (needs cmake and a C compiler) or point -D" + OVERRIDE_PROPERTY
                        + " at a built " + NAME);
            }
            Path file = Files.createTempFile(NAME + "-", "");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            if (!file.toFile().setExecutable(true, true)) {
                throw new IllegalStateException("cannot make " + file + " executable (temporary folder mounted noexec?"
                        + " set -D" + OVERRIDE_PROPERTY + ")");
            }
            extracted = file;
            return file;
        } catch (IOException e) {
            throw new IllegalStateException("cannot copy the bundled " + NAME + " to a temporary file: " + e.getMessage(), e);
        }
    }
}
