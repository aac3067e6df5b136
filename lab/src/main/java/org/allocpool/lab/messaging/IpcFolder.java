package org.allocpool.lab.messaging;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Where the one media driver of an IPC throughput fork keeps its files: a folder of its own in shared
 * memory ({@code /dev/shm} where it exists, as Aeron's own default; the JVM's temporary folder otherwise),
 * named after the fork and a random part, so that two labs running the same cell at once never share a
 * driver. The subscriber's driver creates it, the publisher joins it, the lab deletes it after the fork.
 * Thread-safe (stateless).
 */
final class IpcFolder {

    private static final Path SHARED_MEMORY = Path.of("/dev/shm");

    private IpcFolder() {
    }

    /** A fresh folder name for the fork whose files are named {@code stem}; nothing is created. */
    static Path forFork(String stem) {
        Path parent = Files.isDirectory(SHARED_MEMORY) ? SHARED_MEMORY : Path.of(System.getProperty("java.io.tmpdir"));
        return parent.resolve("allocpool-aeron-" + stem + "-" + UUID.randomUUID().toString().substring(0, 8));
    }
}
