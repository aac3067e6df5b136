package org.allocpool.echo.yaml;

import java.util.Objects;

/**
 * An error document, {@code error: {reason: "..."}}: what the server replied instead of an echo,
 * as {@link ScenarioWriter#error} writes it and {@link ScenarioReader} reads it back. A reply,
 * not an event: {@link Replay} does not send it. Immutable.
 *
 * @param reason the server's words
 */
public record ErrorReply(String reason) {

    public ErrorReply {
        Objects.requireNonNull(reason, "reason");
    }
}
