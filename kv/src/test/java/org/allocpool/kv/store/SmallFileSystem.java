package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A tmpfs of a few MiB mounted on a test's directory, to fill a disk for real: {@code mount} needs
 * root (CI runs the suite as root on Linux), so a test that cannot mount one is skipped, saying why.
 * Tests only; one thread.
 */
public final class SmallFileSystem implements AutoCloseable {

    public final Path root;

    private SmallFileSystem(Path root) {
        this.root = root;
    }

    /** Mounts a tmpfs of {@code mebibytes} MiB on {@code dir} (made if need be), or skips the test with the reason. */
    public static SmallFileSystem mount(Path dir, int mebibytes) throws IOException, InterruptedException {
        Assumptions.assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"),
                "a small tmpfs is mounted on Linux only");
        Files.createDirectories(dir);
        String said = run(List.of("mount", "-t", "tmpfs", "-o", "size=" + mebibytes + "m", "allocpool-test", dir.toString()));
        Assumptions.assumeTrue(said == null, () -> "mounting a " + mebibytes + " MiB tmpfs needs root (mount: " + said
                + "): the full-disk test is skipped");
        return new SmallFileSystem(dir);
    }

    /** Runs {@code command} for at most 30 s: null when it succeeded, else what it said. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage(); // no mount command at all
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "timed out";
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return process.exitValue() == 0 ? null : "exit " + process.exitValue() + ": " + output;
    }

    /** Unmounts it (lazily: a mapping a failed test left open does not keep it mounted). */
    @Override
    public void close() throws IOException, InterruptedException {
        String said = run(List.of("umount", "-l", root.toString()));
        if (said != null) {
            throw new IOException("cannot unmount " + root + ": " + said);
        }
    }
}
