package org.allocpool.echo.yaml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.junit.jupiter.api.Test;

/** Whatever {@link ScenarioWriter} writes, {@link ScenarioReader} reads back as the same documents. */
class ScenarioRoundTripTest {

    private static final int DOCUMENTS = 3_000;
    private static final double[] ODD_DOUBLES = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, 1e21,
        1e-7, -1.0e-7, 12345678901234567890.0, 0.1, 100.0};
    /** Code points YAML writers get wrong: controls, NEL, line and paragraph separators, BOM, non-characters. */
    private static final int[] ODD_CODE_POINTS = {0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x22, 0x27, 0x23, 0x3A, 0x5C,
        0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xAD, 0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F600, 0x10FFFF};

    private static String readBack(List<Object> documents) {
        ScenarioWriter writer = new ScenarioWriter();
        for (Object document : documents) {
            switch (document) {
                case TopOfBook t -> writer.topOfBook(t);
                case Message m -> writer.message(m);
                case ErrorReply e -> writer.error(e.reason());
                default -> throw new IllegalArgumentException(document.toString());
            }
        }
        String yaml = writer.text();
        assertEquals(documents, ScenarioReader.read(yaml), yaml);
        return yaml;
    }

    private static double price(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> ODD_DOUBLES[random.nextInt(ODD_DOUBLES.length)];
            case 1 -> Double.longBitsToDouble(random.nextLong()); // any bits: NaNs, subnormals, huge and tiny
            case 2 -> Math.round(random.nextDouble() * 1e6) / 1e4; // a price as people write it
            default -> random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
        };
    }

    private static String name(Random random, int maxChars) {
        char[] chars = new char[1 + random.nextInt(maxChars)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (0x21 + random.nextInt(0x7F - 0x21)); // printable ASCII, no space
        }
        return new String(chars);
    }

    private static TopOfBook topOfBook(Random random) {
        return new TopOfBook().sendingTimeNS(random.nextLong())
                .symbol(EventCodes.symbol(name(random, EventCodes.SYMBOL_CHARS)))
                .ecn(EventCodes.ecn(name(random, EventCodes.ECN_CHARS)))
                .bidPrice(price(random)).askPrice(price(random))
                .bidQuantity(random.nextInt()).askQuantity(random.nextInt());
    }

    private static int codePoint(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> ODD_CODE_POINTS[random.nextInt(ODD_CODE_POINTS.length)];
            case 1 -> random.nextInt(0x80);
            case 2 -> 0x80 + random.nextInt(0x780);
            case 3 -> {
                int c = 0x800 + random.nextInt(0x10000 - 0x800);
                yield Character.isSurrogate((char) c) ? 'x' : c; // a lone surrogate is no text
            }
            default -> 0x10000 + random.nextInt(0x110000 - 0x10000);
        };
    }

    private static String text(Random random, int maxCodePoints) {
        StringBuilder text = new StringBuilder();
        int n = random.nextInt(maxCodePoints + 1);
        for (int i = 0; i < n; i++) {
            text.appendCodePoint(codePoint(random));
        }
        return text.toString();
    }

    private static byte[] payload(Random random) {
        byte[] unit = switch (random.nextInt(3)) {
            case 0 -> text(random, 40).getBytes(StandardCharsets.UTF_8);
            case 1 -> {
                byte[] bytes = new byte[random.nextInt(60)];
                random.nextBytes(bytes); // almost never valid UTF-8
                yield bytes;
            }
            default -> { // valid UTF-8 cut in the middle of a character, or one bad byte in text
                byte[] bytes = ("ü" + text(random, 10) + "€").getBytes(StandardCharsets.UTF_8);
                int cut = random.nextInt(bytes.length);
                bytes[cut] = (byte) (0x80 | random.nextInt(0x80));
                yield bytes;
            }
        };
        int repeat = random.nextInt(4) == 0 ? 1 + random.nextInt(50) : 1;
        byte[] payload = new byte[unit.length * repeat];
        for (int i = 0; i < repeat; i++) {
            System.arraycopy(unit, 0, payload, i * unit.length, unit.length);
        }
        return payload;
    }

    private static Message message(Random random) {
        byte[] payload = payload(random);
        return new Message(payload.length).sendingTimeNS(random.nextLong()).payload(payload);
    }

    @Test
    void shouldReadBackManyRandomEventsPayloadsAndErrorsExactly() {
        Random random = new Random(20_221_005L);
        List<Object> documents = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            documents.add(switch (random.nextInt(3)) {
                case 0 -> topOfBook(random);
                case 1 -> message(random);
                default -> new ErrorReply(text(random, 60));
            });
        }

        String yaml = readBack(documents);

        assertTrue(yaml.contains("!!binary"), "some payloads are binary");
        assertTrue(yaml.contains("NaN") && yaml.contains("Infinity"), "odd prices are written");
    }

    @Test
    void shouldReadBackEveryOddCodePointInAPayloadAndAReason() {
        List<Object> documents = new ArrayList<>();
        for (int c : ODD_CODE_POINTS) {
            String text = "a" + Character.toString(c) + "b" + Character.toString(c);
            documents.add(new Message(0).sendingTimeNS(c).payload(text.getBytes(StandardCharsets.UTF_8)));
            documents.add(new ErrorReply(text));
            documents.add(new ErrorReply(Character.toString(c)));
        }
        readBack(documents);
    }

    @Test
    void shouldWriteValidUtf8AsTextAndOtherBytesAsBinary() {
        String yaml = readBack(List.of(
                new Message(0).sendingTimeNS(1).payload("héllo \"you\"".getBytes(StandardCharsets.UTF_8)),
                new Message(0).sendingTimeNS(2).payload(new byte[] {(byte) 0xFF, 0, 1, (byte) 0xC3})));

        assertTrue(yaml.contains("payload: \"héllo \\\"you\\\"\""), yaml);
        assertTrue(yaml.contains("payload: !!binary"), yaml);
        assertFalse(yaml.contains("\uFFFD"), yaml);
    }

    @Test
    void shouldWriteARepeatingPayloadAsItsUnitAndACount() {
        byte[] payload = "0123456789abcdef".repeat(63).getBytes(StandardCharsets.US_ASCII);
        byte[] binary = new byte[3000];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (0xF0 + i % 3);
        }

        String yaml = readBack(List.of(new Message(0).sendingTimeNS(1).payload(payload),
                new Message(0).sendingTimeNS(2).payload(binary), new Message(0).sendingTimeNS(3)));

        assertTrue(yaml.contains("payload: \"0123456789abcdef\"\n  repeat: 63\n"), yaml);
        assertTrue(yaml.contains("repeat: 1000\n"), yaml);
        assertTrue(yaml.contains("payload: \"\"\n"), "an empty payload: " + yaml);
    }

    @Test
    void shouldReadABinaryPayloadAndOddPricesWrittenByHand() {
        List<Object> events = ScenarioReader.read("""
                message: {sendingTimeNS: 1, payload: !!binary "/wAB", repeat: 2}
                ---
                topOfBook: {sendingTimeNS: 2, symbol: A, ecn: B, bidPrice: NaN, askPrice: -Infinity,
                            bidQuantity: 1, askQuantity: 2}
                ---
                error: {reason: "refused"}
                """);

        assertArrayEquals(new byte[] {(byte) 0xFF, 0, 1, (byte) 0xFF, 0, 1},
                java.util.Arrays.copyOf(((Message) events.get(0)).payload(), ((Message) events.get(0)).length()));
        assertTrue(Double.isNaN(((TopOfBook) events.get(1)).bidPrice()));
        assertEquals(Double.NEGATIVE_INFINITY, ((TopOfBook) events.get(1)).askPrice());
        assertEquals(new ErrorReply("refused"), events.get(2));
    }

    @Test
    void shouldRefuseATopOfBookWhoseSymbolOrVenueNoScenarioCanHold() {
        TopOfBook t = new TopOfBook().symbol(0x0141L).ecn(EventCodes.ecn("EBS"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ScenarioWriter().topOfBook(t));
        assertEquals("a top of book's symbol code 141 is not 1 to 8 printable ASCII characters", e.getMessage());
        TopOfBook gap = new TopOfBook().symbol(EventCodes.symbol("A")).ecn(0x41004200); // "A", a zero byte, "B"
        assertEquals("a top of book's ecn code 41004200 is not 1 to 4 printable ASCII characters",
                assertThrows(IllegalArgumentException.class, () -> new ScenarioWriter().topOfBook(gap)).getMessage());
    }
}
