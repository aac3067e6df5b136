package org.allocpool.lab.run;

import java.util.List;

/**
 * The JVM flags a Netty NIO server the lab starts is given so that Netty's event loop swaps the JDK
 * selector's {@code HashSet} of ready keys (a {@code HashMap} node per ready key per wake-up) for
 * its own reused array, by plain reflection ({@code Unsafe} stays denied): {@code sun.nio.ch} opened
 * to the module that calls {@code setAccessible} ({@code io.netty.common} on the module path, as the
 * lab runs it; {@code ALL-UNNAMED} on the class path), and Netty told to try. The lab knows its
 * servers ({@code echo serve}, {@code kv serve}) only by their command lines, so it names the flags
 * the launcher gives them. Stateless; thread-safe.
 */
public final class NettySelectorFlags {

    private NettySelectorFlags() {
    }

    /** The flags, for a server run on this JVM's module path (or class path, if it has none). */
    public static List<String> flags() {
        String modulePath = System.getProperty("jdk.module.path");
        String target = modulePath != null && !modulePath.isBlank() ? "io.netty.common" : "ALL-UNNAMED";
        return List.of("--add-opens=java.base/sun.nio.ch=" + target, "-Dio.netty.tryReflectionSetAccessible=true");
    }
}
