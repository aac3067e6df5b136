package org.allocpool.lab.kv;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.allocpool.process.JvmCommand;

/**
 * Where the kv contenders live: {@code kv-contenders/target/allocpool-kv-contenders.jar} and its
 * {@code target/lib}, under the allocpool folder that {@code ./allocpool} names with
 * {@code -Dallocpool.home} (the working folder otherwise). The lab forks them on the class path
 * and never links them: MapDB, Chronicle Map, lmdbjava, Fory and Kryo stay out of the product.
 * Thread-safe (stateless).
 */
public final class ContendersJar {

    /** The system property {@code ./allocpool} sets to its own folder. */
    public static final String HOME_PROPERTY = "allocpool.home";
    /** The contenders' main class. */
    public static final String MAIN_CLASS = "org.allocpool.kv.contenders.ContenderMain";

    private ContendersJar() {
    }

    /**
     * How to start the contenders with the {@code java} running this process.
     *
     * @throws IllegalArgumentException one line saying which jar is missing and how to build it
     */
    public static JvmCommand command() {
        Path home = Path.of(System.getProperty(HOME_PROPERTY, System.getProperty("user.dir")));
        Path target = home.resolve("kv-contenders").resolve("target");
        Path jar = target.resolve("allocpool-kv-contenders.jar");
        if (!Files.isRegularFile(jar) || !Files.isDirectory(target.resolve("lib"))) {
            throw new IllegalArgumentException("the kv contenders are not built: no " + jar
                    + " (with its lib folder); run ./allocpool once to build it");
        }
        return JvmCommand.onClassPath(JvmCommand.currentJava(),
                jar + File.pathSeparator + target.resolve("lib") + File.separator + "*", MAIN_CLASS);
    }
}
