package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.DuplicatedByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request that comes in many reads is parsed on from where the last read left it (issue 34: the
 * parser began again at the request's start on every read, so a big request dripped slowly cost
 * the event loop the square of its size). Pinned by counting the bytes the parser examines, not by
 * timing: about once each, however the request is cut. And the same requests are found whether
 * they come whole, a byte at a time or cut at random.
 */
@Timeout(60)
class RespParserDripTest {

    private static final int MAX_BULK = 4096;
    private static final int MAX_REQUEST = 4 << 20;

    /** A buffer that counts the bytes read through {@code getByte} and searched by {@code indexOf}: what the parser examines. */
    @SuppressWarnings("deprecation") // DuplicatedByteBuf: the one public wrapper whose reads can be counted
    private static final class CountingBuf extends DuplicatedByteBuf {
        long examined;

        CountingBuf(ByteBuf buffer) {
            super(buffer);
        }

        @Override
        public byte getByte(int index) {
            examined++;
            return super.getByte(index);
        }

        @Override
        public int indexOf(int fromIndex, int toIndex, byte value) {
            int found = super.indexOf(fromIndex, toIndex, value);
            examined += found < 0 ? Math.max(0, toIndex - fromIndex) : found - fromIndex + 1;
            return found;
        }
    }

    private static byte[] multibulk(List<byte[]> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] arg : args) {
            out.writeBytes(("$" + arg.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(arg);
            out.writeBytes(new byte[] {'\r', '\n'});
        }
        return out.toByteArray();
    }

    private static List<byte[]> manyArgs(int count) {
        List<byte[]> args = new ArrayList<>(count);
        args.add("MGET".getBytes(StandardCharsets.US_ASCII));
        for (int i = 1; i < count; i++) {
            args.add(("k" + i).getBytes(StandardCharsets.US_ASCII));
        }
        return args;
    }

    /**
     * Feeds {@code bytes} into a counting buffer cut at the given ends (each the end of one read),
     * parsing after each read as the handler does, and returns the requests found, each as its
     * arguments joined by spaces.
     */
    private static List<String> feed(byte[] bytes, int[] readEnds, CountingBuf in) throws RespProtocolException {
        RespParser parser = new RespParser(MAX_BULK, MAX_REQUEST);
        RespRequest request = new RespRequest();
        List<String> found = new ArrayList<>();
        int from = 0;
        for (int readEnd : readEnds) {
            in.writeBytes(bytes, from, readEnd - from);
            from = readEnd;
            for (int length; (length = parser.parse(in, request)) > 0; in.skipBytes(length)) {
                StringBuilder text = new StringBuilder();
                for (int arg = 0; arg < request.count(); arg++) {
                    text.append(arg == 0 ? "" : " ").append(request.text(arg, MAX_BULK));
                }
                found.add(text.toString());
            }
        }
        assertEquals(bytes.length, from, "every byte fed");
        return found;
    }

    private static CountingBuf buffer(int capacity) {
        return new CountingBuf(Unpooled.buffer(capacity));
    }

    private static int[] everyByte(int length) {
        int[] ends = new int[length];
        for (int i = 0; i < length; i++) {
            ends[i] = i + 1;
        }
        return ends;
    }

    @Test
    void shouldExamineARequestOfManyArgumentsFedOneArgumentPerReadAboutOnce() throws RespProtocolException {
        List<byte[]> args = manyArgs(8_192);
        byte[] bytes = multibulk(args);
        int[] ends = new int[args.size() + 1]; // the header, then one argument per read
        int at = ("*" + args.size() + "\r\n").length();
        ends[0] = at;
        for (int i = 0; i < args.size(); i++) {
            at += ("$" + args.get(i).length + "\r\n").length() + args.get(i).length + 2;
            ends[i + 1] = at;
        }
        CountingBuf in = buffer(bytes.length);
        List<String> found = feed(bytes, ends, in);
        assertEquals(1, found.size());
        assertEquals(args.size(), found.getFirst().split(" ").length);
        // before: each read parsed every argument before it again, about 8,192^2 / 2 headers (some 270 M bytes)
        System.out.printf("RESP request of %,d arguments (%,d bytes) fed one argument per read: %,d bytes examined%n",
                args.size(), bytes.length, in.examined);
        assertTrue(in.examined <= 4L * bytes.length, in.examined + " bytes examined for a request of " + bytes.length);
    }

    @Test
    void shouldExamineTheLastBulkStringOfABigRequestDrippedAByteAtATimeAboutOnce() throws RespProtocolException {
        List<byte[]> args = manyArgs(60_000);
        byte[] last = new byte[2_000];
        java.util.Arrays.fill(last, (byte) 'v');
        args.add(last);
        byte[] bytes = multibulk(args);
        int dripFrom = bytes.length - last.length - 2;
        int[] ends = new int[1 + last.length + 2];
        ends[0] = dripFrom; // all but the last bulk string's data in one read, then a byte per read
        for (int i = 1; i < ends.length; i++) {
            ends[i] = dripFrom + i;
        }
        CountingBuf in = buffer(bytes.length);
        List<String> found = feed(bytes, ends, in);
        assertEquals(1, found.size());
        // per read, the $2000 line of the bulk string is read again (at most 24 bytes and its CRLF), nothing before it;
        // before: the whole request, some 500 KB, per read
        long bound = 2L * bytes.length + 40L * ends.length;
        System.out.printf("RESP request of %,d bytes, its last bulk string dripped a byte per read (%,d reads): %,d bytes examined%n",
                bytes.length, ends.length, in.examined);
        assertTrue(in.examined <= bound, in.examined + " bytes examined, bound " + bound);
    }

    @Test
    void shouldExamineAnInlineLineDrippedAByteAtATimeAboutOnce() throws RespProtocolException {
        String line = "MGET" + " x".repeat(30_000); // 60,004 bytes, under the inline limit of 64 KiB
        byte[] bytes = (line + "\r\n").getBytes(StandardCharsets.US_ASCII);
        CountingBuf in = buffer(bytes.length);
        List<String> found = feed(bytes, everyByte(bytes.length), in);
        assertTrue(List.of(line).equals(found), "the line was not found whole");
        System.out.printf("RESP inline line of %,d bytes dripped a byte per read: %,d bytes examined%n",
                bytes.length, in.examined);
        assertTrue(in.examined <= 4L * bytes.length, in.examined + " bytes examined for a line of " + bytes.length);
    }

    /** Pipelined requests of every kind find the same arguments whole, a byte per read, or cut at random. */
    @Test
    void shouldFindTheSameRequestsHoweverTheyAreCutIntoReads() throws RespProtocolException {
        SplittableRandom random = new SplittableRandom(34);
        for (int round = 0; round < 200; round++) {
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            List<String> expected = new ArrayList<>();
            int requests = 1 + random.nextInt(6);
            for (int r = 0; r < requests; r++) {
                int count = 1 + random.nextInt(8);
                List<byte[]> args = new ArrayList<>();
                for (int a = 0; a < count; a++) {
                    args.add(("a" + random.nextInt(1_000_000) + "b".repeat(random.nextInt(40)))
                            .getBytes(StandardCharsets.US_ASCII));
                }
                String text = String.join(" ", args.stream().map(b -> new String(b, StandardCharsets.US_ASCII)).toList());
                if (random.nextInt(4) == 0) {
                    stream.writeBytes((text + "\r\n").getBytes(StandardCharsets.US_ASCII)); // inline
                } else {
                    stream.writeBytes(multibulk(args));
                }
                expected.add(text);
            }
            byte[] bytes = stream.toByteArray();
            assertEquals(expected, feed(bytes, new int[] {bytes.length}, buffer(bytes.length)), "whole");
            assertEquals(expected, feed(bytes, everyByte(bytes.length), buffer(bytes.length)), "a byte per read");
            int[] cuts = random.ints(random.nextInt(10), 1, bytes.length + 1).sorted().distinct().toArray();
            int[] ends = java.util.Arrays.copyOf(cuts, cuts.length + 1);
            ends[cuts.length] = bytes.length;
            if (cuts.length > 0 && cuts[cuts.length - 1] == bytes.length) {
                ends = cuts;
            }
            assertEquals(expected, feed(bytes, ends, buffer(bytes.length)), "cut at random");
        }
    }
}
