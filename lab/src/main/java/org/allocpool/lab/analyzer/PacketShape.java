package org.allocpool.lab.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shape of one cell's packets, handed to its child ({@code --packet-size}, {@code --keep-one-in}):
 * bytes per packet and the share of packets kept (TCP, stored). {@code null} leaves the analyser's
 * default, the article's 1,024 bytes and one in 16; the child records the values it ran with either
 * way, and the cell key names them only where they differ from the article's, so that a record of the
 * default shape is the same cell as one written before packets had a shape. The limits are the
 * analyser's ({@code org.allocpool.analyzer.WorkloadShape}, which the child checks again). Immutable.
 *
 * @param packetSize bytes per packet, or {@code null} for the article's
 * @param keepOneIn  one packet in this many is kept, or {@code null} for the article's
 */
public record PacketShape(Integer packetSize, Integer keepOneIn) {

    /** The article's packet size. */
    public static final int ARTICLE_PACKET_SIZE = 1024;
    /** The article's share of kept packets: one in 16. */
    public static final int ARTICLE_KEEP_ONE_IN = 16;
    static final int MIN_PACKET_SIZE = 64;
    static final int MAX_PACKET_SIZE = 65_536;
    static final int MAX_KEEP_ONE_IN = 128;

    /** The child's defaults: the article's shape. */
    public static final PacketShape NONE = new PacketShape(null, null);

    public PacketShape {
        if (packetSize != null && (packetSize < MIN_PACKET_SIZE || packetSize > MAX_PACKET_SIZE)) {
            throw new IllegalArgumentException("--packet-size must be " + MIN_PACKET_SIZE + " to " + MAX_PACKET_SIZE
                    + " bytes (64 B to 64 KiB), was " + packetSize);
        }
        if (keepOneIn != null && (keepOneIn < 1 || keepOneIn > MAX_KEEP_ONE_IN || Integer.bitCount(keepOneIn) != 1)) {
            throw new IllegalArgumentException("--keep-one-in must be a power of two from 1 to " + MAX_KEEP_ONE_IN
                    + " (one packet in N is kept; the article's generator keeps other shares unevenly), was " + keepOneIn);
        }
    }

    /** Every shape of {@code sizes} × {@code keeps}, sizes first; an empty or {@code null} list is the child's default. */
    public static List<PacketShape> product(List<Integer> sizes, List<Integer> keeps) {
        List<Integer> s = sizes == null || sizes.isEmpty() ? java.util.Collections.singletonList(null) : sizes;
        List<Integer> k = keeps == null || keeps.isEmpty() ? java.util.Collections.singletonList(null) : keeps;
        List<PacketShape> shapes = new ArrayList<>();
        for (Integer size : s) {
            for (Integer keep : k) {
                shapes.add(new PacketShape(size, keep));
            }
        }
        return List.copyOf(shapes);
    }

    /** Bytes per packet, the article's when not given. */
    public int bytes() {
        return packetSize == null ? ARTICLE_PACKET_SIZE : packetSize;
    }

    /** One in this many kept, the article's when not given. */
    public int oneIn() {
        return keepOneIn == null ? ARTICLE_KEEP_ONE_IN : keepOneIn;
    }

    /** Whether the packets are the article's (given or not). */
    public boolean isArticle() {
        return bytes() == ARTICLE_PACKET_SIZE && oneIn() == ARTICLE_KEEP_ONE_IN;
    }

    /** {@code --packet-size B --keep-one-in K}, for the values given. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>();
        if (packetSize != null) {
            args.addAll(List.of("--packet-size", packetSize.toString()));
        }
        if (keepOneIn != null) {
            args.addAll(List.of("--keep-one-in", keepOneIn.toString()));
        }
        return List.copyOf(args);
    }

    /** How headers and verdicts say it: {@code 1,024-byte packets, 1 in 16 kept}. */
    public String text() {
        return text(bytes(), oneIn());
    }

    /** {@code 1,024-byte packets, 1 in 16 kept}; a {@code null} value is the article's. */
    public static String text(Integer packetSize, Integer keepOneIn) {
        int bytes = packetSize == null ? ARTICLE_PACKET_SIZE : packetSize;
        int oneIn = keepOneIn == null ? ARTICLE_KEEP_ONE_IN : keepOneIn;
        return String.format(Locale.ROOT, "%,d-byte packets, 1 in %d kept", bytes, oneIn);
    }

    /** A file-name suffix, {@code -p256-k4}, for what differs from the article's; empty for its shape. */
    String idSuffix() {
        return (bytes() == ARTICLE_PACKET_SIZE ? "" : "-p" + bytes()) + (oneIn() == ARTICLE_KEEP_ONE_IN ? "" : "-k" + oneIn());
    }
}
