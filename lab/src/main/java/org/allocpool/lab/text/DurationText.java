package org.allocpool.lab.text;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them on a command line ({@code 90}, {@code 90s}, {@code 10m},
 * {@code 1h}, {@code 500ms}, ISO {@code PT90S}) and as progress lines show them ({@code 7m40s}).
 * Thread-safe (stateless).
 */
public final class DurationText {

    private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private DurationText() {
    }

    /**
     * Parses {@code text}; a bare number is seconds.
     *
     * @throws IllegalArgumentException naming the bad value, when it is not a positive duration
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Duration duration;
        Matcher m = SIMPLE.matcher(t);
        try {
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                String unit = m.group(2) == null ? "s" : m.group(2);
                duration = switch (unit) {
                    case "ms" -> Duration.ofMillis(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofSeconds(n);
                };
            } else {
                duration = Duration.parse(t.toUpperCase(Locale.ROOT));
            }
        } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
            throw badDuration(text);
        }
        if (duration.isZero() || duration.isNegative()) {
            throw badDuration(text);
        }
        return duration;
    }

    /** {@code 45s}, {@code 7m40s}, {@code 1h05m}; sub-second durations as {@code 0.3s}. */
    public static String format(Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds < 1) {
            return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
        }
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return seconds / 60 + "m" + String.format(Locale.ROOT, "%02ds", seconds % 60);
        }
        return seconds / 3600 + "h" + String.format(Locale.ROOT, "%02dm", seconds % 3600 / 60);
    }

    private static IllegalArgumentException badDuration(String text) {
        return new IllegalArgumentException("bad duration '" + text
                + "'; expected a positive number of seconds or e.g. 90s, 10m, 1h, 500ms");
    }
}
