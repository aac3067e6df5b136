package org.allocpool.echo.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.ToLongFunction;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;

/**
 * Writes events and error replies as YAML documents that {@link ScenarioReader} reads back as the
 * same events and {@link ErrorReply}s, so a run's output can be compared with an expected
 * {@code out.yaml} as text, or read again. Jackson's YAML generator does the writing (quoting and
 * escaping every text as a double-quoted scalar); this class only decides the fields:
 *
 * <pre>
 * ---
 * topOfBook:
 *   sendingTimeNS: "2022-09-05T12:34:56.789012345"
 *   symbol: "EUR/USD"
 *   ...
 * ---
 * message:
 *   sendingTimeNS: "2022-09-05T12:34:57.000000001"
 *   payload: "0123456789abcdef"
 *   repeat: 63
 * ---
 * error:
 *   reason: "a message of 3008 bytes is bigger than --buffer-cap 2048; refused"
 * </pre>
 *
 * A message payload is written in its shortest repeating form ({@code payload} and
 * {@code repeat}); its repeating unit as text when it is valid UTF-8, else as YAML's binary, a
 * {@code !!binary} base64 scalar, so that any bytes come back exactly. A price that is not a
 * finite number is written as {@code NaN}, {@code Infinity} or {@code -Infinity}.
 *
 * <p>Not thread-safe: one writer per output.
 */
public final class ScenarioWriter {

    // SPLIT_LINES off: a long payload stays one line, as the events' other fields do
    private static final ObjectWriter YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build()
            .writer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final StringBuilder out = new StringBuilder();

    /** An empty output. */
    public ScenarioWriter() {
    }

    /**
     * Appends one top-of-book document.
     *
     * @throws IllegalArgumentException when its symbol or venue is not the code of 1 to 8 (4)
     *                                  printable ASCII characters, which no scenario can hold
     */
    public ScenarioWriter topOfBook(TopOfBook t) {
        ObjectNode fields = NODES.objectNode()
                .put("sendingTimeNS", EventTime.format(t.sendingTimeNS()))
                .put("symbol", name("symbol", t.symbol(), EventCodes.symbolText(t.symbol()), EventCodes::symbol,
                        EventCodes.SYMBOL_CHARS))
                .put("ecn", name("ecn", t.ecn() & 0xFFFF_FFFFL, EventCodes.ecnText(t.ecn()),
                        text -> EventCodes.ecn(text) & 0xFFFF_FFFFL, EventCodes.ECN_CHARS))
                .put("bidPrice", t.bidPrice())
                .put("askPrice", t.askPrice())
                .put("bidQuantity", t.bidQuantity())
                .put("askQuantity", t.askQuantity());
        return document("topOfBook", fields);
    }

    /** Appends one message document. */
    public ScenarioWriter message(Message m) {
        byte[] payload = Arrays.copyOf(m.payload(), m.length());
        int period = period(payload);
        int repeat = payload.length == 0 ? 1 : payload.length / period;
        byte[] unit = Arrays.copyOf(payload, period);
        ObjectNode fields = NODES.objectNode().put("sendingTimeNS", EventTime.format(m.sendingTimeNS()));
        String text = utf8(unit);
        if (text != null) {
            fields.put("payload", text);
        } else {
            fields.put("payload", unit);
        }
        if (repeat > 1) {
            fields.put("repeat", repeat);
        }
        return document("message", fields);
    }

    /** Appends one error document: what the server replied instead of an echo. */
    public ScenarioWriter error(String reason) {
        return document("error", NODES.objectNode().put("reason", reason));
    }

    /** Everything written so far. */
    public String text() {
        return out.toString();
    }

    private ScenarioWriter document(String kind, ObjectNode fields) {
        ObjectNode document = NODES.objectNode();
        document.set(kind, fields);
        try {
            out.append(YAML.writeValueAsString(document));
        } catch (JsonProcessingException e) {
            // a tree of text, numbers and bytes written into memory: nothing can fail but a bug
            throw new IllegalStateException("cannot write a " + kind + " document as YAML: " + e.getMessage(), e);
        }
        return this;
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

    /** {@code bytes} as text when they are valid UTF-8 (so that the text encodes back to them), else null. */
    static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The text of a symbol or venue code, when it is one that a scenario can hold (it packs back into the code). */
    private static String name(String field, long code, String text, ToLongFunction<String> pack, int maxChars) {
        try {
            if (pack.applyAsLong(text) == code) {
                return text;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException("a top of book's " + field + " code " + Long.toHexString(code)
                + " is not 1 to " + maxChars + " printable ASCII characters");
    }
}
