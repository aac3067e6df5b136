package org.allocpool.lab.analyzer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.process.JvmCommand;

/**
 * The version of a JDK, by its home folder: its {@code release} file's {@code JAVA_VERSION}, else
 * what its {@code java -version} says; and the Java release allocpool's classes were compiled for,
 * which no older JDK can load. Thread-safe (stateless).
 *
 * @param version as the JDK writes it, e.g. {@code 21.0.2} or {@code 1.8.0_392}
 * @param feature its feature release, e.g. 21 (8 for {@code 1.8.0_392})
 */
public record JdkVersion(String version, int feature) {

    private static final Pattern RELEASE_LINE = Pattern.compile("(?m)^JAVA_VERSION=\"?([^\"\\s]+)\"?\\s*$");
    private static final Pattern VERSION_OUTPUT = Pattern.compile("version \"([^\"]+)\"");
    private static final Pattern FEATURE = Pattern.compile("^(?:1\\.)?(\\d+)");
    private static final long VERSION_TIMEOUT_S = 30;

    /**
     * The version of the JDK at {@code javaHome}.
     *
     * @throws IllegalArgumentException naming the folder when neither its {@code release} file nor its
     *                                  {@code java -version} names a version
     */
    public static JdkVersion of(Path javaHome) {
        Path release = javaHome.resolve("release");
        if (Files.isRegularFile(release)) {
            try {
                Matcher m = RELEASE_LINE.matcher(Files.readString(release, StandardCharsets.UTF_8));
                if (m.find()) {
                    return parse(m.group(1), javaHome);
                }
            } catch (IOException e) {
                // fall back to asking the JDK itself
            }
        }
        return parse(askJava(javaHome), javaHome);
    }

    /** The feature release of {@code version} ({@code 21.0.2}: 21; {@code 1.8.0_392}: 8). */
    static JdkVersion parse(String version, Path home) {
        Matcher m = version == null ? null : FEATURE.matcher(version);
        if (m == null || !m.find()) {
            throw new IllegalArgumentException("cannot tell the Java version of the JDK at '" + home + "' (its release"
                    + " file names no JAVA_VERSION and 'java -version' printed none)");
        }
        return new JdkVersion(version, Integer.parseInt(m.group(1)));
    }

    private static String askJava(Path javaHome) {
        Path java = JvmCommand.javaIn(javaHome);
        try {
            Process p = new ProcessBuilder(List.of(java.toString(), "-version")).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(VERSION_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            Matcher m = VERSION_OUTPUT.matcher(out);
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * The Java release allocpool's classes were compiled for (the parent pom's), read from this class's
     * own class file: a JDK older than it cannot start the analyzer at all.
     */
    public static int compiledRelease() {
        try (InputStream in = JdkVersion.class.getResourceAsStream("JdkVersion.class")) {
            byte[] head = in == null ? new byte[0] : in.readNBytes(8);
            if (head.length == 8) {
                return ((head[6] & 0xff) << 8 | (head[7] & 0xff)) - 44;
            }
        } catch (IOException e) {
            // below
        }
        return Runtime.version().feature();
    }
}
