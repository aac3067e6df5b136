package org.allocpool.lab.jmh;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;

/**
 * The user's benchmark jar and how JMH is started on it: {@code java -cp JAR[:lib/*][:CLASSPATH]
 * org.openjdk.jmh.Main}, the {@code lib} folder beside the jar taken when there is one (a jar built with its
 * dependencies copied there, as this project's {@code benchmarks} module is), nothing else when the jar
 * holds them all (a shaded "uber" jar, as JMH's archetype makes). JMH's own JVM gets no flag: its forks,
 * which JMH starts with its host's flags when none are given, get the cell's flags
 * ({@code -jvmArgsPrepend}, {@link JmhCell#jmhArgs}). Immutable.
 *
 * @param jar       the benchmark jar
 * @param classPath further class-path entries, e.g. a dependency folder's {@code dir/*}; may be empty
 * @param java      the {@code java} that starts JMH (and so, by JMH's default, its forks)
 */
public record JmhJar(Path jar, List<String> classPath, Path java) {

    /** JMH's main class, in every JMH jar. */
    public static final String MAIN = "org.openjdk.jmh.Main";
    /** How long listing the benchmarks may take (one JVM start that reads the jar's benchmark list). */
    private static final Duration LIST_TIMEOUT = Duration.ofMinutes(1);

    public JmhJar {
        classPath = List.copyOf(classPath);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("no benchmark jar at '" + jar + "'; --jar names a JMH benchmark jar"
                    + " (e.g. target/benchmarks.jar)");
        }
        jar = jar.toAbsolutePath().normalize();
    }

    /** JMH's command line with {@code args}. */
    public List<String> command(List<String> args) {
        List<String> entries = new ArrayList<>(List.of(jar.toString()));
        Path lib = jar.resolveSibling("lib");
        if (Files.isDirectory(lib)) {
            entries.add(lib + File.separator + "*");
        }
        entries.addAll(classPath);
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", String.join(File.pathSeparator, entries),
                MAIN));
        command.addAll(args);
        return List.copyOf(command);
    }

    /**
     * The jar's benchmarks whose names {@code regex} finds (as JMH matches them), with their parameters.
     *
     * @throws IllegalArgumentException naming the jar or the regex when JMH cannot list them or none matches
     */
    public List<JmhBenchmark> list(String regex) {
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--bench '" + regex + "' is not a regular expression: "
                    + e.getDescription());
        }
        ChildExit exit;
        try {
            exit = Child.of(command(List.of("-lp", regex))).timeout(LIST_TIMEOUT).run();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot start JMH on '" + jar + "': " + e.getMessage(), e);
        }
        if (!exit.isSuccess()) {
            throw new IllegalArgumentException("JMH cannot list the benchmarks of '" + jar + "': " + exit.failure()
                    + " (is it a JMH benchmark jar with JMH on its class path?)");
        }
        List<JmhBenchmark> benchmarks = JmhBenchmarkList.parse(exit.stdout());
        if (benchmarks.isEmpty()) {
            throw new IllegalArgumentException("no benchmark of '" + jar + "' matches --bench '" + regex + "'");
        }
        return benchmarks;
    }
}
