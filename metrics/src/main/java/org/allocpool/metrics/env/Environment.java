package org.allocpool.metrics.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a figure was measured: JDK, VM, CPU model, cores, operating system, the JVM's flags and
 * the machine's name. Recorded with every result, since a figure without its environment cannot be
 * compared, and runs merged from many machines are kept apart by it. Immutable; safe to share.
 *
 * @param host the machine's host name, or {@code unknown}; absent ({@code null}) in records written
 *             before it was recorded
 */
public record Environment(String jdk, String vm, String cpu, int cores, String os, List<String> jvmArgs,
                          String host) {

    public Environment {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    }

    /** The environment of this JVM, read now. */
    public static Environment current() {
        return new Environment(
                System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                        + " (" + System.getProperty("java.vm.vendor") + ")",
                cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                hostName());
    }

    /** The host name as the kernel knows it (no DNS lookup), or {@code unknown}. */
    private static String hostName() {
        Path kernel = Path.of("/proc/sys/kernel/hostname");
        try {
            if (Files.isReadable(kernel)) {
                return Files.readString(kernel).strip();
            }
        } catch (IOException e) {
            // fall through to the environment
        }
        String name = System.getenv("HOSTNAME");
        if (name == null) {
            name = System.getenv("COMPUTERNAME");
        }
        return name == null || name.isBlank() ? "unknown" : name.strip();
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try (var lines = Files.lines(cpuinfo)) {
                return lines.filter(l -> l.startsWith("model name"))
                        .map(l -> l.substring(l.indexOf(':') + 1).strip())
                        .findFirst().orElse("unknown");
            } catch (IOException | java.io.UncheckedIOException e) {
                return "unknown";
            }
        }
        return System.getProperty("os.arch");
    }
}
