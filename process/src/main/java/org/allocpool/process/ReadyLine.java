package org.allocpool.process;

import java.net.InetSocketAddress;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The handshake of every server this project starts as a child: once it listens, it prints one
 * line on stdout, {@code <service>: listening on <host>:<port>}, and the parent reads where to
 * connect from it. Written by the server with {@link #of}, awaited by the parent with
 * {@link #pattern} and read with {@link #address}. Thread-safe (stateless).
 */
public final class ReadyLine {

    private ReadyLine() {
    }

    /** The line {@code service} prints once it listens on {@code address}. */
    public static String of(String service, InetSocketAddress address) {
        return service + ": listening on " + address.getHostString() + ":" + address.getPort();
    }

    /** What {@link RunningChild#awaitLine} waits for from {@code service}. */
    public static Pattern pattern(String service) {
        return Pattern.compile("^" + Pattern.quote(service) + ": listening on (\\S+):(\\d+)\\s*$");
    }

    /** Where the server of a line matched by {@link #pattern} listens. */
    public static InetSocketAddress address(Matcher ready) {
        return new InetSocketAddress(ready.group(1), Integer.parseInt(ready.group(2)));
    }
}
