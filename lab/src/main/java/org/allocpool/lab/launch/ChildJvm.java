package org.allocpool.lab.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How to start a child JVM that runs this very program: the {@code java} executable, the JVM
 * arguments every child gets, and the launch prefix that names the program ({@code -p <path> -m
 * <module>/<class>} on the module path, {@code -cp <path> <class>} on the class path).
 * Immutable; safe to share between threads.
 *
 * @param java         the {@code java} executable that runs the children
 * @param baseJvmArgs  JVM arguments every child gets, before any the caller adds
 * @param launchPrefix the arguments that name the program, after the JVM arguments
 */
public record ChildJvm(Path java, List<String> baseJvmArgs, List<String> launchPrefix) {

    /** The flag that makes any use of {@code sun.misc.Unsafe}'s memory access an error. */
    public static final String DENY_UNSAFE = "--sun-misc-unsafe-memory-access=deny";

    public ChildJvm {
        Objects.requireNonNull(java, "java");
        baseJvmArgs = List.copyOf(baseJvmArgs);
        launchPrefix = List.copyOf(launchPrefix);
        if (launchPrefix.isEmpty()) {
            throw new IllegalArgumentException("a child needs a launch prefix naming its main class");
        }
    }

    /**
     * The program this process runs, started again: on the module path when this process runs on
     * one (then {@code nativeAccessModule} gets native access), on the class path otherwise (then
     * {@code ALL-UNNAMED} does, since there are no named modules to name).
     *
     * @param mainModule         the module holding the main class, e.g. {@code org.allocpool.cli}
     * @param mainClass          the fully qualified main class
     * @param nativeAccessModule the one module that makes native calls, e.g. {@code org.allocpool.analyzer}
     */
    public static ChildJvm ofCurrentProcess(String mainModule, String mainClass, String nativeAccessModule) {
        Path java = currentJava();
        String modulePath = System.getProperty("jdk.module.path");
        if (modulePath != null && !modulePath.isBlank()) {
            // the product never uses sun.misc.Unsafe (Netty 4.2 does without it on JDK 25): deny it,
            // as ./allocpool does, so that a dependency that reaches for it fails loudly
            return new ChildJvm(java, List.of("--enable-native-access=" + nativeAccessModule, DENY_UNSAFE),
                    List.of("-p", modulePath, "-m", mainModule + "/" + mainClass));
        }
        return onClassPath(java, System.getProperty("java.class.path"), mainClass);
    }

    /** A child that runs {@code mainClass} from {@code classPath}, with native access for the unnamed module. */
    public static ChildJvm onClassPath(Path java, String classPath, String mainClass) {
        return new ChildJvm(java, List.of("--enable-native-access=ALL-UNNAMED"),
                List.of("-cp", classPath, mainClass));
    }

    /** The same child run by the {@code bin/java} of the JDK at {@code javaHome} ({@code --java}). */
    public ChildJvm withJavaHome(Path javaHome) {
        return new ChildJvm(javaIn(javaHome), baseJvmArgs, launchPrefix);
    }

    /**
     * The {@code bin/java} of the JDK at {@code javaHome}.
     *
     * @throws IllegalArgumentException naming the path when there is no executable {@code java} there
     */
    public static Path javaIn(Path javaHome) {
        Path java = javaHome.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new IllegalArgumentException("no java executable at '" + java
                    + "'; --java expects the home folder of a JDK (the one holding bin/java)");
        }
        return java;
    }

    /**
     * The whole command line: {@code java}, then {@code jvmArgs}, then the base JVM arguments,
     * then {@code extraJvmArgs}, then the launch prefix, then {@code programArgs}. The first group
     * is for flags the program must not override (collector, heap); the second for the user's own.
     */
    public List<String> command(List<String> jvmArgs, List<String> extraJvmArgs, List<String> programArgs) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmArgs);
        command.addAll(baseJvmArgs);
        command.addAll(extraJvmArgs);
        command.addAll(launchPrefix);
        command.addAll(programArgs);
        return List.copyOf(command);
    }

    private static Path currentJava() {
        return ProcessHandle.current().info().command()
                .map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", isWindows() ? "java.exe" : "java"));
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }
}
