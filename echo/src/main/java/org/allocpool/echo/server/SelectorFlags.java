package org.allocpool.echo.server;

import java.util.List;

/**
 * The JVM flags an echo server is started with so that Netty's NIO event loop can replace the JDK
 * selector's {@code HashSet} of ready keys with its own reused array ({@code SelectedSelectionKeySet}).
 * Without them {@code sun.nio.ch.SelectorImpl} adds a {@code HashMap$Node} to that set for every ready
 * key on every wake-up and Netty walks it with a new {@code HashMap$KeyIterator}: about 0.7 bytes per
 * event in the lab's setting (16 clients, window 64; JFR allocation samples, issue 14).
 *
 * <p>Netty 4.2 swaps the two fields of {@code sun.nio.ch.SelectorImpl} through {@code Unsafe} only
 * when it has {@code Unsafe}, which it never does here ({@code --sun-misc-unsafe-memory-access=deny});
 * otherwise through {@code Field.setAccessible(true)} and {@code Field.set}, which it tries only when
 * {@code -Dio.netty.tryReflectionSetAccessible=true}, and which succeeds only when {@code java.base}
 * opens {@code sun.nio.ch} to the module calling {@code setAccessible}: {@code io.netty.common} on the
 * module path ({@code ./allocpool}), the unnamed module on the class path (tests). Plain reflection,
 * no {@code Unsafe}, no native code. A server started without them works, and allocates per wake-up.
 * Stateless; thread-safe.
 */
public final class SelectorFlags {

    /** The module whose {@code ReflectionUtil} calls {@code setAccessible} for Netty's NIO loop. */
    static final String NETTY_COMMON_MODULE = "io.netty.common";

    private SelectorFlags() {
    }

    /**
     * The flags for a server JVM launched the way this one was: on the module path when this JVM
     * runs on one ({@code org.allocpool.process.JvmCommand#ofCurrentProcess} does the same), else on
     * the class path.
     */
    public static List<String> forThisLaunch() {
        String modulePath = System.getProperty("jdk.module.path");
        return of(modulePath != null && !modulePath.isBlank());
    }

    /** The flags for a server JVM on the module path ({@code true}) or the class path. */
    public static List<String> of(boolean onModulePath) {
        String target = onModulePath ? NETTY_COMMON_MODULE : "ALL-UNNAMED";
        return List.of("--add-opens=java.base/sun.nio.ch=" + target, "-Dio.netty.tryReflectionSetAccessible=true");
    }
}
