package org.allocpool.echo.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;

/**
 * Reads events written as YAML documents separated by {@code ---}, one event per document:
 *
 * <pre>
 * topOfBook: {sendingTimeNS: 2022-09-05T12:34:56.789012345, symbol: EUR/USD, ecn: EBS,
 *             bidPrice: 0.9913, askPrice: 0.9917, bidQuantity: 1000000, askQuantity: 2500000}
 * ---
 * message: {sendingTimeNS: 2022-09-05T12:34:57.000000000, payload: "hello", repeat: 3}
 * ---
 * message: {sendingTimeNS: 2022-09-05T12:34:57.000000001, payload: !!binary "/wAB"}
 * ---
 * error: {reason: "a message of 3008 bytes is bigger than --buffer-cap 2048; refused"}
 * </pre>
 *
 * A payload is text (sent as UTF-8) or YAML's {@code !!binary} (base64, sent as its bytes); a
 * price may be {@code NaN}, {@code Infinity} or {@code -Infinity}. An {@code error} document,
 * as {@link ScenarioWriter} writes a server's refusal, reads as an {@link ErrorReply}, so that
 * everything the writer writes reads back. A payload is at most {@link #MAX_PAYLOAD_BYTES} and a
 * scenario's payloads add up to at most {@link #MAX_SCENARIO_PAYLOAD_BYTES}, so that a
 * {@code repeat} cannot make a few lines of text take gigabytes of heap. A missing, unknown or mistyped field is refused with a {@link ScenarioException} naming the
 * document (counted from 1, empty documents included) and the field. Thread-safe (the mapper is
 * only read).
 */
public final class ScenarioReader {

    static final List<String> TOP_OF_BOOK_FIELDS = List.of("sendingTimeNS", "symbol", "ecn", "bidPrice", "askPrice",
            "bidQuantity", "askQuantity");
    static final List<String> MESSAGE_FIELDS = List.of("sendingTimeNS", "payload", "repeat");
    static final List<String> ERROR_FIELDS = List.of("reason");

    /** The longest payload a message may make with its {@code repeat}: 16 MiB. */
    public static final int MAX_PAYLOAD_BYTES = 16 << 20;

    /** The most payload bytes one scenario may make, all messages together: 64 MiB. */
    public static final long MAX_SCENARIO_PAYLOAD_BYTES = 64L << 20;

    private static final ObjectReader READER = new YAMLMapper().readerFor(JsonNode.class);

    private ScenarioReader() {
    }

    /** The documents of {@code yaml}, in order: {@link TopOfBook}s, {@link Message}s and {@link ErrorReply}s. */
    public static List<Object> read(String yaml) {
        List<Object> events = new ArrayList<>();
        long payloadBytes = 0;
        int document = 0;
        try (MappingIterator<JsonNode> documents = READER.readValues(yaml)) {
            while (true) {
                document++;
                JsonNode node;
                try {
                    if (!documents.hasNextValue()) {
                        break;
                    }
                    node = documents.nextValue();
                } catch (JsonProcessingException e) {
                    throw new ScenarioException("document " + document + ": not valid YAML at line "
                            + e.getLocation().getLineNr() + ": " + e.getOriginalMessage().lines().findFirst().orElse(""));
                }
                if (node == null || node.isNull() || node.isMissingNode()) {
                    continue;
                }
                Object event = event(node, document);
                if (event instanceof Message message) {
                    payloadBytes += message.length();
                    if (payloadBytes > MAX_SCENARIO_PAYLOAD_BYTES) {
                        throw new ScenarioException("document " + document + ": the scenario's payloads add up to more"
                                + " than " + MAX_SCENARIO_PAYLOAD_BYTES + " bytes (64 MiB), the most one replay holds");
                    }
                }
                events.add(event);
            }
        } catch (IOException e) {
            throw new ScenarioException("document " + document + ": cannot read: " + e.getMessage());
        }
        return events;
    }

    private static Object event(JsonNode node, int document) {
        if (!node.isObject() || node.size() != 1) {
            throw new ScenarioException("document " + document + ": expected one event, 'topOfBook: {...}' or "
                    + "'message: {...}', or 'error: {...}'");
        }
        String kind = node.fieldNames().next();
        JsonNode fields = node.get(kind);
        return switch (kind) {
            case "topOfBook" -> topOfBook(new Fields(fields, document, kind, TOP_OF_BOOK_FIELDS));
            case "message" -> message(new Fields(fields, document, kind, MESSAGE_FIELDS));
            case "error" -> new ErrorReply(new Fields(fields, document, kind, ERROR_FIELDS).text("reason"));
            default -> throw new ScenarioException("document " + document + ": unknown event '" + kind
                    + "'; allowed: topOfBook, message, error");
        };
    }

    private static TopOfBook topOfBook(Fields f) {
        return new TopOfBook()
                .sendingTimeNS(f.time("sendingTimeNS"))
                .symbol(f.code("symbol", true))
                .ecn((int) f.code("ecn", false))
                .bidPrice(f.number("bidPrice"))
                .askPrice(f.number("askPrice"))
                .bidQuantity(f.integer("bidQuantity", Integer.MIN_VALUE))
                .askQuantity(f.integer("askQuantity", Integer.MIN_VALUE));
    }

    private static Message message(Fields f) {
        long time = f.time("sendingTimeNS");
        byte[] text = f.bytes("payload");
        int repeat = f.has("repeat") ? f.integer("repeat", 1) : 1;
        long length = (long) text.length * repeat;
        if (length > MAX_PAYLOAD_BYTES) {
            throw f.bad(f.has("repeat") ? "repeat" : "payload", "makes a payload of " + length + " bytes, over the " + MAX_PAYLOAD_BYTES
                    + " (16 MiB) a message may have");
        }
        byte[] payload = new byte[(int) length];
        for (int i = 0; i < repeat; i++) {
            System.arraycopy(text, 0, payload, i * text.length, text.length);
        }
        return new Message(payload.length).sendingTimeNS(time).payload(payload);
    }

    /** The fields of one event, with messages that name the document and the field. */
    private static final class Fields {
        private final JsonNode node;
        private final int document;
        private final String kind;

        Fields(JsonNode node, int document, String kind, List<String> allowed) {
            this.document = document;
            this.kind = kind;
            if (node == null || !node.isObject()) {
                throw new ScenarioException("document " + document + ": " + kind + " must be a mapping of fields, "
                        + "e.g. " + kind + ": {sendingTimeNS: ..., ...}");
            }
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!allowed.contains(name)) {
                    throw new ScenarioException("document " + document + ": " + kind + " has an unknown field '" + name
                            + "'; allowed: " + String.join(", ", allowed));
                }
            }
            this.node = node;
        }

        boolean has(String field) {
            return node.has(field);
        }

        JsonNode required(String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                throw new ScenarioException("document " + document + ": " + kind + " is missing field '" + field + "'");
            }
            return value;
        }

        long time(String field) {
            JsonNode v = required(field);
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                return v.longValue();
            }
            if (v.isTextual()) {
                try {
                    return EventTime.parse(v.textValue());
                } catch (IllegalArgumentException e) {
                    // reported below
                }
            }
            throw bad(field, "must be a UTC date-time such as 2022-09-05T12:34:56.789012345 or nanoseconds since "
                    + "the epoch, was '" + v.asText() + "'");
        }

        long code(String field, boolean symbol) {
            JsonNode v = required(field);
            if (!v.isValueNode()) {
                throw bad(field, "must be a short name, was '" + v + "'");
            }
            try {
                return symbol ? EventCodes.symbol(v.asText()) : EventCodes.ecn(v.asText());
            } catch (IllegalArgumentException e) {
                throw bad(field, e.getMessage().substring(e.getMessage().indexOf('\'')));
            }
        }

        double number(String field) {
            JsonNode v = required(field);
            if (v.isNumber()) {
                return v.doubleValue();
            }
            if (v.isTextual()) {
                switch (v.textValue()) {
                    case "NaN" -> {
                        return Double.NaN;
                    }
                    case "Infinity" -> {
                        return Double.POSITIVE_INFINITY;
                    }
                    case "-Infinity" -> {
                        return Double.NEGATIVE_INFINITY;
                    }
                    default -> {
                        // reported below
                    }
                }
            }
            throw bad(field, "must be a number, was '" + v.asText() + "'");
        }

        int integer(String field, int min) {
            JsonNode v = required(field);
            if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < min) {
                throw bad(field, "must be an integer from " + min + " to " + Integer.MAX_VALUE + ", was '"
                        + v.asText() + "'");
            }
            return v.intValue();
        }

        /** A binary ({@code !!binary}) value's bytes, or a text's in UTF-8. */
        byte[] bytes(String field) {
            JsonNode v = required(field);
            if (v.isBinary()) {
                try {
                    return v.binaryValue();
                } catch (IOException e) {
                    throw bad(field, "is not valid base64: " + e.getMessage());
                }
            }
            return text(field).getBytes(StandardCharsets.UTF_8);
        }

        String text(String field) {
            JsonNode v = required(field);
            if (!v.isValueNode()) {
                throw bad(field, "must be text, was '" + v + "'");
            }
            return v.asText();
        }

        ScenarioException bad(String field, String why) {
            return new ScenarioException("document " + document + ": " + kind + "." + field + " " + why);
        }
    }
}
