package org.allocpool.process;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How to start a child JVM: the {@code java} executable, the JVM arguments every child gets, and
 * the launch prefix that names the program ({@code -p <path> -m <module>/<class>} on the module
 * path, {@code -cp <path> <class>} on the class path). Immutable; safe to share between threads.
 *
 * @param java         the {@code java} executable that runs the children
 * @param baseJvmArgs  JVM arguments every child gets, before any the caller adds
 * @param launchPrefix the arguments that name the program, after the JVM arguments
 */
public record JvmCommand(Path java, List<String> baseJvmArgs, List<String> launchPrefix) {

    /** The flag that makes any use of {@code sun.misc.Unsafe}'s memory access an error. */
    public static final String DENY_UNSAFE = "--sun-misc-unsafe-memory-access=deny";

    public JvmCommand {
        Objects.requireNonNull(java, "java");
        baseJvmArgs = List.copyOf(baseJvmArgs);
        launchPrefix = List.copyOf(launchPrefix);
        if (launchPrefix.isEmpty()) {
            throw new IllegalArgumentException("a child JVM needs a launch prefix naming its main class");
        }
    }

    /**
     * The program this process runs, started again: on the module path when this process runs on
     * one (then {@code nativeAccessModule} gets native access and Unsafe is denied, as
     * {@code ./allocpool} does), on the class path otherwise (then {@code ALL-UNNAMED} gets it,
     * since there are no named modules to name).
     *
     * @param mainModule         the module holding the main class, e.g. {@code org.allocpool.cli}
     * @param mainClass          the fully qualified main class
     * @param nativeAccessModule the one module that makes native calls, e.g. {@code org.allocpool.analyzer}
     */
    public static JvmCommand ofCurrentProcess(String mainModule, String mainClass, String nativeAccessModule) {
        String modulePath = System.getProperty("jdk.module.path");
        if (modulePath != null && !modulePath.isBlank()) {
            return new JvmCommand(currentJava(), List.of("--enable-native-access=" + nativeAccessModule, DENY_UNSAFE),
                    List.of("-p", modulePath, "-m", mainModule + "/" + mainClass));
        }
        return onClassPath(currentJava(), System.getProperty("java.class.path"), mainClass);
    }

    /**
     * This very JVM started again: the same {@code java}, the same JVM flags (collector, heap, native
     * access), the same program, with its unified GC log left out (it belongs to this JVM). What a
     * probe of a real-time search runs in, so that it inherits the cell's collector and heap but
     * nothing of this JVM's state.
     */
    public static JvmCommand likeThisProcess() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the GC log belongs to this JVM; the launch options are added below
            if (!arg.startsWith("-Xlog") && !arg.startsWith("-Djdk.module.main") && !arg.startsWith("--module-path")) {
                flags.add(arg);
            }
        }
        String modulePath = System.getProperty("jdk.module.path");
        String mainModule = System.getProperty("jdk.module.main");
        if (modulePath != null && mainModule != null) {
            return new JvmCommand(currentJava(), flags, List.of("-p", modulePath, "-m",
                    mainModule + "/" + System.getProperty("jdk.module.main.class")));
        }
        String mainClass = System.getProperty("sun.java.command", "").split(" ")[0];
        return new JvmCommand(currentJava(), flags, List.of("-cp", System.getProperty("java.class.path"), mainClass));
    }

    /** A child that runs {@code mainClass} from {@code classPath}, with native access for the unnamed module. */
    public static JvmCommand onClassPath(Path java, String classPath, String mainClass) {
        return new JvmCommand(java, List.of("--enable-native-access=ALL-UNNAMED"), List.of("-cp", classPath, mainClass));
    }

    /** The same child run by the {@code bin/java} of the JDK at {@code javaHome} ({@code --java}). */
    public JvmCommand withJavaHome(Path javaHome) {
        return new JvmCommand(javaIn(javaHome), baseJvmArgs, launchPrefix);
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

    /** The {@code java} running this process. */
    public static Path currentJava() {
        return ProcessHandle.current().info().command()
                .map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", isWindows() ? "java.exe" : "java"));
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

    /** {@link #command(List, List, List)} with no JVM arguments of the caller's. */
    public List<String> command(List<String> programArgs) {
        return command(List.of(), List.of(), programArgs);
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }
}
