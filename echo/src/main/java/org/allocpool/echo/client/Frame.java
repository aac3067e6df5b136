package org.allocpool.echo.client;

import java.nio.charset.StandardCharsets;
import org.allocpool.echo.wire.FrameType;

/**
 * One frame as received by a blocking {@link EchoConnection}: its type and a copy of its body.
 * Immutable in use (the array is not copied again; do not change it).
 */
public record Frame(byte type, byte[] body) {

    /** The body as UTF-8 text (error lines and STATS answers). */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public boolean isError() {
        return type == FrameType.ERROR;
    }
}
