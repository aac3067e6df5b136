package org.allocpool.metrics.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a figure was measured: JDK, VM, CPU model, cores, operating system and the JVM's flags.
 * Recorded with every result, since a figure without its environment cannot be compared.
 * Immutable; safe to share.
 */
public record Environment(String jdk, String vm, String cpu, int cores, String os, List<String> jvmArgs) {

    public Environment {
        jvmArgs = List.copyOf(jvmArgs);
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
                ManagementFactory.getRuntimeMXBean().getInputArguments());
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
