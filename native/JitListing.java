import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C2 code of one method with each instruction's count per packet: the JVM's
 * {@code -XX:CompileCommand=print} listing and callgrind's {@code --dump-instr=yes} counts of the same
 * process, the machine code turned into instructions by {@code objdump}. Run by
 * {@code native/instructions-per-packet --listing} as a single-file program
 * ({@code java JitListing.java PRINT_LOG CALLGRIND_OUT METHOD}); a tool, not part of the product.
 *
 * <p>Of the method's C2 compilations it takes the one that ran the most instructions. "Per packet" is
 * an instruction's count over the loop's trip count (one packet an iteration): the count that, times
 * the instructions that share it, runs the most instructions. An address whose count is far beyond that held other code before this compilation (the
 * code cache reuses addresses); it is shown but left out of the sums. Single-threaded.
 */
public final class JitListing {

    private static final Pattern SECTION = Pattern.compile("^Compiled method \\(c2\\).*");
    private static final Pattern HEX = Pattern.compile("^\\s*0x([0-9a-f]{16}): ([0-9a-f| ]+)$");
    private static final Pattern DISASSEMBLED = Pattern.compile("^\\s*([0-9a-f]+):\\s+(?:[0-9a-f]{2} )+\\s*(.*)$");
    /** An address that ran this many times the trip count or more held other code before. */
    private static final double FOREIGN = 20;

    private record Compilation(String title, TreeMap<Long, Byte> bytes) {
    }

    private JitListing() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 3) {
            System.err.println("usage: java JitListing.java PRINT_LOG CALLGRIND_OUT METHOD (e.g. FlatAnalyzer::run)");
            System.exit(2);
        }
        List<Compilation> compilations = compilations(Path.of(args[0]), args[2]);
        Map<Long, Long> counts = counts(Path.of(args[1]));
        Compilation hottest = null;
        long hottestTotal = -1;
        for (Compilation c : compilations) {
            long total = counts.entrySet().stream().filter(e -> c.bytes().containsKey(e.getKey()))
                    .mapToLong(Map.Entry::getValue).sum();
            if (total > hottestTotal) {
                hottest = c;
                hottestTotal = total;
            }
        }
        if (hottest == null || hottestTotal <= 0) {
            System.err.println("jit-listing: no C2 compilation of " + args[2] + " ran in " + args[1]);
            System.exit(1);
        }
        print(hottest, counts);
    }

    /** The C2 compilations of {@code method} in the print log, each its bytes by address. */
    private static List<Compilation> compilations(Path log, String method) throws IOException {
        List<Compilation> found = new ArrayList<>();
        Compilation current = null;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            if (line.startsWith("Compiled method")) {
                // "...FlatAnalyzer::run @ 8 (99 bytes)" (on-stack replacement) or "...FlatAnalyzer::run (99 bytes)"
                current = SECTION.matcher(line).matches() && line.contains(method + " ")
                        ? new Compilation(line.strip(), new TreeMap<>()) : null;
                if (current != null) {
                    found.add(current);
                }
                continue;
            }
            Matcher m = HEX.matcher(line);
            if (current != null && m.matches()) {
                long address = Long.parseUnsignedLong(m.group(1), 16);
                String hex = m.group(2).replace("|", "").replace(" ", "");
                for (int i = 0; i + 1 < hex.length(); i += 2) {
                    current.bytes().put(address + i / 2, (byte) Integer.parseInt(hex.substring(i, i + 2), 16));
                }
            }
        }
        return found;
    }

    /** Instructions executed per address (callgrind's Ir), from one thread's {@code --dump-instr=yes} output. */
    private static Map<Long, Long> counts(Path out) throws IOException {
        Map<Long, Long> counts = new HashMap<>();
        int positions = 1;
        long last = 0;
        boolean callCost = false;
        for (String line : Files.readAllLines(out, StandardCharsets.ISO_8859_1)) {
            if (line.startsWith("positions:")) {
                positions = line.substring("positions:".length()).strip().split("\\s+").length;
                continue;
            }
            if (line.startsWith("calls=")) {
                callCost = true; // the next line is a call's inclusive cost, not its instruction's own
                continue;
            }
            if (line.isEmpty() || "0123456789+-*".indexOf(line.charAt(0)) < 0) {
                continue;
            }
            String[] words = line.split("\\s+");
            String at = words[0];
            long address = at.startsWith("0x") ? Long.parseUnsignedLong(at.substring(2), 16)
                    : at.startsWith("+") ? last + Long.parseLong(at.substring(1))
                    : at.startsWith("-") ? last - Long.parseLong(at.substring(1)) : last;
            last = address;
            if (callCost) {
                callCost = false;
                continue;
            }
            if (words.length > positions) {
                counts.merge(address, Long.parseLong(words[positions]), Long::sum);
            }
        }
        return counts;
    }

    private static void print(Compilation compilation, Map<Long, Long> counts) throws IOException, InterruptedException {
        long low = compilation.bytes().firstKey();
        long high = compilation.bytes().lastKey() + 1;
        byte[] code = new byte[(int) (high - low)];
        for (int i = 0; i < code.length; i++) {
            code[i] = compilation.bytes().getOrDefault(low + i, (byte) 0x90);
        }
        Path blob = Files.createTempFile("jit-listing", ".bin");
        Map<Long, String> instructions = new LinkedHashMap<>();
        try {
            Files.write(blob, code);
            Process objdump = new ProcessBuilder("objdump", "-D", "-b", "binary", "-mi386:x86-64",
                    "--adjust-vma=0x" + Long.toHexString(low), blob.toString()).redirectErrorStream(true).start();
            for (String line : new String(objdump.getInputStream().readAllBytes()).split("\n")) {
                Matcher m = DISASSEMBLED.matcher(line);
                if (m.matches()) {
                    instructions.put(Long.parseUnsignedLong(m.group(1), 16), m.group(2).strip());
                }
            }
            objdump.waitFor();
        } finally {
            Files.deleteIfExists(blob);
        }
        Map<Long, Integer> frequency = new HashMap<>();
        instructions.keySet().forEach(a -> {
            long c = counts.getOrDefault(a, 0L);
            if (c > 0) {
                frequency.merge(c, 1, Integer::sum);
            }
        });
        // the count that accounts for the most executed instructions: the loop body's, once a packet
        // (the prologue's instructions may share a count more often, but run once a call)
        long trips = frequency.entrySet().stream().max(Comparator.comparingDouble(e -> (double) e.getKey() * e.getValue()))
                .orElseThrow().getKey();
        System.out.println(compilation.title());
        System.out.printf(Locale.ROOT, "per packet: an instruction's count over %,d (the count that runs the most"
                + " instructions: the loop's trips); under 0.005 left out%n%n", trips);
        double total = 0;
        double vector = 0;
        double stack = 0;
        double unsignedBranches = 0;
        double multiplies = 0;
        for (Map.Entry<Long, String> e : instructions.entrySet()) {
            double perPacket = counts.getOrDefault(e.getKey(), 0L) / (double) trips;
            if (perPacket < 0.005) {
                continue;
            }
            String text = e.getValue();
            if (perPacket >= FOREIGN) {
                System.out.printf(Locale.ROOT, "%8s  +%04x  %s   (other code at this address before: left out)%n",
                        "-", e.getKey() - low, text);
                continue;
            }
            System.out.printf(Locale.ROOT, "%8.3f  +%04x  %s%n", perPacket, e.getKey() - low, text);
            total += perPacket;
            if (text.matches("v?mov[dq]\\s.*%xmm.*")) {
                vector += perPacket;
            }
            if (text.contains("(%rsp)")) {
                stack += perPacket;
            }
            if (text.matches("j(ae|b|be|a)\\s.*")) {
                unsignedBranches += perPacket;
            }
            if (text.startsWith("imul")) {
                multiplies += perPacket;
            }
        }
        System.out.printf(Locale.ROOT, "%n%.1f instructions a packet in this compilation, of which:%n", total);
        System.out.printf(Locale.ROOT, "%8.1f  moves between general and vector registers (C2's spills)%n", vector);
        System.out.printf(Locale.ROOT, "%8.1f  with an operand on the stack (spilled values reloaded or stored)%n", stack);
        System.out.printf(Locale.ROOT, "%8.1f  unsigned compare branches (jae, jb, ...: array and segment range checks)%n",
                unsignedBranches);
        System.out.printf(Locale.ROOT, "%8.1f  multiplies%n", multiplies);
    }
}
