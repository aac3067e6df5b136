package org.allocpool.echo.wire;

/**
 * The one-byte frame types of the echo protocol, chosen to read as letters in a hex dump.
 * Constants only; thread-safe.
 *
 * <ul>
 * <li>{@code 't'} a {@link TopOfBookLayout top of book}; the server echoes it back.
 * <li>{@code 'm'} a {@link MessageLayout message}; the server echoes it back.
 * <li>{@code 's'} a STATS request: an empty body, or two int64 (since, until: epoch nanoseconds on the
 *     server's clock, 0 for open) bounding the window of garbage collections it reports.
 * <li>{@code 'S'} the STATS answer: UTF-8 JSON ({@code StatsAnswer}).
 * <li>{@code 'e'} an error reply: a UTF-8 line saying why a frame was refused; the connection stays open.
 * </ul>
 */
public final class FrameType {

    public static final byte TOP_OF_BOOK = 't';
    public static final byte MESSAGE = 'm';
    public static final byte STATS_REQUEST = 's';
    public static final byte STATS_ANSWER = 'S';
    public static final byte ERROR = 'e';

    private FrameType() {
    }

    /** A printable name of a type byte, for error lines. */
    public static String describe(byte type) {
        return switch (type) {
            case TOP_OF_BOOK -> "top-of-book";
            case MESSAGE -> "message";
            case STATS_REQUEST -> "stats request";
            case STATS_ANSWER -> "stats answer";
            case ERROR -> "error";
            default -> String.format("0x%02x", type & 0xFF);
        };
    }
}
