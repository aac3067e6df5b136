package org.allocpool.echo.yaml;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;

/**
 * Writes events and error replies as YAML documents in the form {@link ScenarioReader} reads, one
 * flow mapping per line, documents separated by {@code ---}, so a run's output can be compared
 * with an expected {@code out.yaml} as text. A message payload is written in its shortest
 * repeating form ({@code payload} and {@code repeat}). Not thread-safe: one writer per output.
 */
public final class ScenarioWriter {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z][A-Za-z0-9/._-]*");
    private static final Pattern LOOKS_SPECIAL = Pattern.compile(
            "(?i)(true|false|yes|no|on|off|null|y|n|~)");

    private final StringBuilder out = new StringBuilder();
    private int documents;

    /** An empty output. */
    public ScenarioWriter() {
    }

    /** Appends one top-of-book document. */
    public ScenarioWriter topOfBook(TopOfBook t) {
        start().append("topOfBook: {sendingTimeNS: ").append(EventTime.format(t.sendingTimeNS()))
                .append(", symbol: ").append(scalar(EventCodes.symbolText(t.symbol())))
                .append(", ecn: ").append(scalar(EventCodes.ecnText(t.ecn())))
                .append(", bidPrice: ").append(number(t.bidPrice()))
                .append(", askPrice: ").append(number(t.askPrice()))
                .append(", bidQuantity: ").append(t.bidQuantity())
                .append(", askQuantity: ").append(t.askQuantity()).append("}\n");
        return this;
    }

    /** Appends one message document. */
    public ScenarioWriter message(Message m) {
        byte[] payload = Arrays.copyOf(m.payload(), m.length());
        int period = period(payload);
        int repeat = payload.length == 0 ? 1 : payload.length / period;
        String text = new String(payload, 0, payload.length == 0 ? 0 : period, StandardCharsets.UTF_8);
        start().append("message: {sendingTimeNS: ").append(EventTime.format(m.sendingTimeNS()))
                .append(", payload: ").append(quoted(text));
        if (repeat > 1) {
            out.append(", repeat: ").append(repeat);
        }
        out.append("}\n");
        return this;
    }

    /** Appends one error document: what the server replied instead of an echo. */
    public ScenarioWriter error(String reason) {
        start().append("error: {reason: ").append(quoted(reason)).append("}\n");
        return this;
    }

    /** Everything written so far. */
    public String text() {
        return out.toString();
    }

    private StringBuilder start() {
        if (documents++ > 0) {
            out.append("---\n");
        }
        return out;
    }

    /** The shortest p that divides the length such that the bytes are their first p repeated. */
    static int period(byte[] bytes) {
        int n = bytes.length;
        for (int p = 1; p < n; p++) {
            if (n % p == 0 && isRepetition(bytes, p)) {
                return p;
            }
        }
        return n;
    }

    private static boolean isRepetition(byte[] bytes, int p) {
        for (int i = p; i < bytes.length; i++) {
            if (bytes[i] != bytes[i - p]) {
                return false;
            }
        }
        return true;
    }

    private static String scalar(String text) {
        return PLAIN.matcher(text).matches() && !LOOKS_SPECIAL.matcher(text).matches() ? text : quoted(text);
    }

    /** A number YAML reads back as the same double: plain decimals, or an exponent with its sign. */
    static String number(double d) {
        if (Double.isNaN(d)) {
            return ".nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? ".inf" : "-.inf";
        }
        String s = Double.toString(d);
        if (!s.contains("E")) {
            return s;
        }
        double magnitude = Math.abs(d);
        if (magnitude >= 1e-6 && magnitude < 1e21) {
            String plain = BigDecimal.valueOf(d).toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        int e = s.indexOf('E');
        String mantissa = s.substring(0, e);
        String exponent = s.substring(e + 1);
        return mantissa + "e" + (exponent.startsWith("-") ? exponent : "+" + exponent);
    }

    static String quoted(String text) {
        StringBuilder q = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                case '\r' -> q.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7F) {
                        q.append(String.format("\\x%02x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
