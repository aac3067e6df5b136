package org.allocpool.messaging.run;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A child's options, {@code --name value} pairs and {@code --flag}s, checked against the names the
 * child knows: a bad name or value is one line naming it ({@link IllegalArgumentException}). These
 * mains are started by the lab, not typed by people, so a small parser does. Immutable.
 */
public final class Options {

    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Reads {@code args}, which may hold only {@code known} options and {@code flags}.
     *
     * @throws IllegalArgumentException naming an unknown option or one without a value
     */
    public static Options parse(List<String> args, Set<String> known, Set<String> flags) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String name = args.get(i);
            if (flags.contains(name)) {
                values.put(name, "true");
            } else if (known.contains(name)) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                values.put(name, args.get(++i));
            } else {
                throw new IllegalArgumentException("unknown option '" + name + "'; known: " + String.join(", ", known)
                        + (flags.isEmpty() ? "" : ", " + String.join(", ", flags)));
            }
        }
        return new Options(values);
    }

    public String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    public boolean flag(String name) {
        return values.containsKey(name);
    }

    public long number(String name, long fallback, long min) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            long n = Long.parseLong(value.strip());
            if (n < min) {
                throw new IllegalArgumentException(name + " must be at least " + min + ", was " + value);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " expects a whole number, was '" + value + "'");
        }
    }

    /** Seconds, possibly fractional, as a duration. */
    public Duration seconds(String name, double fallback, boolean zeroAllowed) {
        String value = values.get(name);
        double s = fallback;
        if (value != null) {
            try {
                s = Double.parseDouble(value.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " expects seconds, was '" + value + "'");
            }
        }
        if (!(s > 0 || (zeroAllowed && s == 0)) || Double.isInfinite(s)) {
            throw new IllegalArgumentException(name + " must be " + (zeroAllowed ? "non-negative" : "positive") + ", was " + s);
        }
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
