package org.allocpool.lab.messaging;

import java.nio.file.Path;
import org.allocpool.nativelib.BundledProgram;

/**
 * The C ping-pong program over plain UDP sockets ({@code native/messaging/udp_pingpong.c}), carried in
 * the allocpool-native jar as the C++ analyser is: the file named by {@value #OVERRIDE_PROPERTY}, or
 * else an executable temporary copy of the bundled one, deleted when this JVM exits. Thread-safe.
 */
public final class UdpPingPongProgram {

    /** A built program to run instead of the bundled one. */
    public static final String OVERRIDE_PROPERTY = "allocpool.native.udp-pingpong";
    public static final String NAME = "allocpool-udp-pingpong";

    private UdpPingPongProgram() {
    }

    /**
     * The program's file.
     *
     * @throws IllegalStateException saying what is missing and how to get it
     */
    public static Path locate() {
        return BundledProgram.locate(NAME, OVERRIDE_PROPERTY);
    }
}
