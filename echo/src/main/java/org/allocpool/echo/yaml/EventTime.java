package org.allocpool.echo.yaml;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Send times as YAML shows them, as the Chronicle article's {@code @NanoTime} fields do: a UTC
 * date-time with nanoseconds ({@code 2022-09-05T12:34:56.789012345}) for nanoseconds since the
 * epoch. Thread-safe (stateless).
 */
final class EventTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS");

    private EventTime() {
    }

    /** Nanoseconds since the epoch of a date-time (UTC; a trailing {@code Z} is allowed). */
    static long parse(String text) {
        String t = text.strip();
        try {
            Instant instant = t.endsWith("Z") || t.endsWith("z")
                    ? Instant.parse(t.toUpperCase(java.util.Locale.ROOT))
                    : LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException(text);
        }
    }

    static String format(long epochNs) {
        long seconds = Math.floorDiv(epochNs, 1_000_000_000L);
        int nanos = (int) Math.floorMod(epochNs, 1_000_000_000L);
        return FORMAT.format(LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC));
    }
}
