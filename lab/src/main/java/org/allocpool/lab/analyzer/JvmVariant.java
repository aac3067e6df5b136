package org.allocpool.lab.analyzer;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.allocpool.process.JvmCommand;

/**
 * A named JVM configuration run beside the default one ({@code --variant NAME=VALUE}): JVM flags
 * ({@code compact=-XX:+UseCompactObjectHeaders}) or another JDK's home folder
 * ({@code jdk21=/usr/lib/jvm/temurin-21}). Its cells are the default's Java cells run that way, with
 * their own tables and key; never merged with another configuration's. A JDK too old for a strategy
 * makes its cells skipped with the reason ({@link #skipReason}), not failed. Immutable.
 *
 * @param name     how tables, cell keys and file names name it: letters, digits, dots and dashes
 * @param flags    JVM flags added to every cell of it (none for a JDK home)
 * @param javaHome the JDK whose {@code bin/java} runs its cells, or {@code null} for the lab's own
 * @param jdk      that JDK's version, or {@code null} for the lab's own
 */
public record JvmVariant(String name, List<String> flags, Path javaHome, JdkVersion jdk) {

    /** The release FFM ({@code java.lang.foreign}) became final in: off-heap strategies need it. */
    public static final int FFM_RELEASE = 22;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]{0,31}");
    private static final String USAGE = "; expected NAME=-XX:+Flag (JVM flags, space-separated) or NAME=/path/to/jdk"
            + " (a JDK's home folder), e.g. compact=-XX:+UseCompactObjectHeaders";

    public JvmVariant {
        flags = List.copyOf(flags);
    }

    /**
     * {@code NAME=VALUE}: flags when the value starts with {@code -}, else a JDK home (its version read now).
     *
     * @throws IllegalArgumentException one line naming the bad value
     */
    public static JvmVariant parse(String spec) {
        String text = spec == null ? "" : spec.strip();
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("bad --variant '" + text + "'" + USAGE);
        }
        String name = text.substring(0, eq).strip();
        String value = text.substring(eq + 1).strip();
        if (!NAME.matcher(name).matches() || name.equalsIgnoreCase("default")) {
            throw new IllegalArgumentException("bad --variant name '" + name + "': letters, digits, '.' and '-' (it names"
                    + " files), up to 32, not 'default'");
        }
        if (value.startsWith("-")) {
            List<String> flags = Arrays.stream(value.split("\\s+")).toList();
            for (String flag : flags) {
                String lower = flag.toLowerCase(Locale.ROOT);
                if (!flag.startsWith("-")) {
                    throw new IllegalArgumentException("bad --variant " + name + ": '" + flag + "' is not a JVM flag" + USAGE);
                }
                if (lower.startsWith("-xmx") || lower.startsWith("-xms") || lower.startsWith("-xx:maxheapsize")) {
                    throw new IllegalArgumentException("bad --variant " + name + ": '" + flag + "' sets the heap;"
                            + " give heaps with --heap (e.g. --heap 2g,10g), a column of their own");
                }
            }
            return new JvmVariant(name, flags, null, null);
        }
        Path home = Path.of(value);
        try {
            JvmCommand.javaIn(home);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad --variant " + name + ": no java executable in '" + home
                    + "/bin'" + USAGE);
        }
        return new JvmVariant(name, List.of(), home, JdkVersion.of(home));
    }

    /** Whether it runs another JDK. */
    public boolean isJdk() {
        return javaHome != null;
    }

    /**
     * Why this configuration's JDK cannot run {@code strategy}, or {@code null} when it can: a JDK
     * without FFM (before {@value #FFM_RELEASE}) for the off-heap strategies, and a JDK older than
     * the release allocpool was compiled for for any.
     */
    public String skipReason(String strategy) {
        if (jdk == null) {
            return null;
        }
        String which = "JDK " + jdk.version() + " (" + name + ")";
        if (jdk.feature() < FFM_RELEASE && AnalyzerMatrix.isOffHeap(strategy)) {
            return which + " has no FFM (java.lang.foreign is final from JDK " + FFM_RELEASE + "), which " + strategy
                    + " needs: skipped";
        }
        int release = JdkVersion.compiledRelease();
        if (jdk.feature() < release) {
            return which + " cannot load the analyzer, compiled for Java " + release + ": skipped";
        }
        return null;
    }

    /** How headers say it: {@code compact: -XX:+UseCompactObjectHeaders}, {@code jdk21: JDK 21.0.2 at /path}. */
    public String description() {
        return name + ": " + (isJdk() ? "JDK " + jdk.version() + " at " + javaHome : String.join(" ", flags));
    }
}
