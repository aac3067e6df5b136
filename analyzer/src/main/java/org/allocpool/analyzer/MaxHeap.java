package org.allocpool.analyzer;

import java.util.List;
import java.util.Locale;
import org.allocpool.metrics.env.Environment;

/**
 * Names this JVM's maximum heap the way it was asked for: the last {@code -Xmx} or
 * {@code -XX:MaxHeapSize} argument as written ({@code 2g}, {@code 1024m}), else
 * {@link Runtime#maxMemory()} in whole GiB or MiB. Stateless; thread-safe.
 */
public final class MaxHeap {

    private static final long MIB = 1024L * 1024;
    private static final long GIB = 1024 * MIB;

    private MaxHeap() {
    }

    public static String current() {
        return fromArguments(Environment.current().jvmArgs(), Runtime.getRuntime().maxMemory());
    }

    static String fromArguments(List<String> jvmArgs, long maxMemory) {
        String asked = null;
        for (String arg : jvmArgs) {
            if (arg.startsWith("-Xmx")) {
                asked = arg.substring("-Xmx".length());
            } else if (arg.startsWith("-XX:MaxHeapSize=")) {
                asked = arg.substring("-XX:MaxHeapSize=".length());
            }
        }
        if (asked != null && !asked.isEmpty()) {
            return asked.toLowerCase(Locale.ROOT);
        }
        if (maxMemory % GIB == 0) {
            return maxMemory / GIB + "g";
        }
        return Math.round(maxMemory / (double) MIB) + "m";
    }
}
