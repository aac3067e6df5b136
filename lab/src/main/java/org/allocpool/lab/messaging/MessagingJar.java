package org.allocpool.lab.messaging;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.process.JvmCommand;

/**
 * Where the messaging lab's children live: {@code messaging/target/allocpool-messaging.jar} and its
 * {@code target/lib}, under the allocpool folder that {@code ./allocpool} names with
 * {@code -Dallocpool.home} (the working folder otherwise); and the flags they run with. The lab forks
 * them on the class path and never links them: Aeron, Agrona, Fory and Kryo stay out of the product.
 * Thread-safe (stateless).
 */
public final class MessagingJar {

    /** The system property {@code ./allocpool} sets to its own folder. */
    public static final String HOME_PROPERTY = "allocpool.home";
    /** The children's main class. */
    public static final String MAIN_CLASS = "org.allocpool.messaging.MessagingMain";

    /**
     * What every child JVM needs on JDK 25: Agrona's {@code UnsafeApi} (jdk.internal.misc), the media
     * driver's selector and buffer internals (sun.nio.ch, java.nio), Fory's and Kryo's
     * {@code sun.misc.Unsafe}; G1 and a fixed 256 MB heap, the same for every cell.
     */
    public static final List<String> JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx256m",
            "--sun-misc-unsafe-memory-access=allow", "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED");

    private MessagingJar() {
    }

    /**
     * How to start the children with the {@code java} running this process.
     *
     * @throws IllegalArgumentException one line saying which jar is missing and how to build it
     */
    public static JvmCommand command() {
        Path home = Path.of(System.getProperty(HOME_PROPERTY, System.getProperty("user.dir")));
        Path target = home.resolve("messaging").resolve("target");
        Path jar = target.resolve("allocpool-messaging.jar");
        if (!Files.isRegularFile(jar) || !Files.isDirectory(target.resolve("lib"))) {
            throw new IllegalArgumentException("the messaging children are not built: no " + jar
                    + " (with its lib folder); run ./allocpool once to build it");
        }
        return JvmCommand.onClassPath(JvmCommand.currentJava(),
                jar + File.pathSeparator + target.resolve("lib") + File.separator + "*", MAIN_CLASS);
    }
}
