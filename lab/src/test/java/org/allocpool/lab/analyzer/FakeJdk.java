package org.allocpool.lab.analyzer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A JDK home for tests: a {@code release} file that names a version, and a {@code bin/java} that is never run. */
final class FakeJdk {

    private FakeJdk() {
    }

    /** A JDK home under {@code parent} that says it is {@code version}. */
    static Path of(Path parent, String version) throws IOException {
        Path home = parent.resolve("jdk-" + version);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = home.resolve("bin").resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 97\n");
        if (!java.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + java + " executable");
        }
        return home;
    }
}
