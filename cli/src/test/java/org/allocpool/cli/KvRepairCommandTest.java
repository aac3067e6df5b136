package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.assertBadInput;
import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.cli.AnalyzerCommandTest.Outcome;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreCheck;
import org.allocpool.kv.store.StoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kv repair}, and how {@code kv check} and {@code kv serve} send a damaged store to it. */
class KvRepairCommandTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(MappedStore.FILE_NAME);
    }

    /** 1,000 keys, then the first page of the value log zeroed: the entries in it fail their checksum. */
    private long damagedStore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            for (long key = 0; key < 1_000; key++) {
                byte[] value = ("value of " + key).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                store.put(key, value, 0, value.length);
            }
        }
        try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
            byte[] header = new byte[64];
            raf.readFully(header);
            long logOffset = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getLong(32);
            raf.seek(logOffset + 4096);
            raf.write(new byte[4096]);
        }
        long problems = StoreCheck.check(dir).problemCount();
        assertTrue(problems > 10, "problems: " + problems);
        return problems;
    }

    @Test
    void shouldRefuseToServeADamagedStoreInOneLineNamingRepair() throws IOException {
        long problems = damagedStore();
        Outcome outcome = execute("kv", "serve", "--dir", dir.toString(), "--port", "0", "--http-port", "0");
        assertEquals(1, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.err().toString());
        assertTrue(outcome.err().getFirst().startsWith("allocpool: kv serve: store " + file() + " is damaged ("
                + problems + " slots or entries fail their checks): run ./allocpool kv repair --dir " + dir), outcome.err().getFirst());
    }

    @Test
    void shouldRefuseToServeATruncatedStoreNamingRepairAndRepairIt() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(1, new byte[] {1, 2, 3}, 0, 3);
        }
        long full = Files.size(file());
        try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
            raf.setLength(full - 8192);
        }
        Outcome serve = execute("kv", "serve", "--dir", dir.toString(), "--port", "0", "--http-port", "0");
        assertEquals(1, serve.exitCode(), serve.toString());
        assertEquals(List.of("allocpool: kv serve: store " + file() + " is damaged (truncated: " + (full - 8192)
                + " bytes, the header says " + full + "): " + KvCommand.repairHint(dir)), serve.err());
        Outcome check = execute("kv", "check", "--dir", dir.toString());
        assertEquals(1, check.exitCode(), check.toString());
        assertEquals("repair    " + KvCommand.repairHint(dir), check.out().getLast());

        Outcome repair = execute("kv", "repair", "--dir", dir.toString());
        assertEquals(0, repair.exitCode(), repair.toString());
        assertTrue(repair.out().contains("dropped   0 entries: 0 bad checksum, 0 torn or truncated, 0 bad key"),
                repair.out().toString());
        assertEquals(0, execute("kv", "check", "--dir", dir.toString()).exitCode());
        assertEquals(full - 8192, Files.size(file()), "rebuilt with the log the cut file still has");
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] value = new byte[3];
            assertEquals(3, store.get(1, value));
            assertArrayEquals(new byte[] {1, 2, 3}, value);
        }
    }

    @Test
    void shouldEndADamagedCheckWithALineNamingRepair() throws IOException {
        damagedStore();
        Outcome outcome = execute("kv", "check", "--dir", dir.toString());
        assertEquals(1, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().getLast().startsWith("repair    run ./allocpool kv repair --dir " + dir),
                outcome.out().getLast());
    }

    @Test
    void shouldRepairADamagedStoreAndPrintWhatItDropped() throws IOException {
        long problems = damagedStore();
        Outcome outcome = execute("kv", "repair", "--dir", dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().contains("kept      " + (1_000 - problems) + " entries: " + (1_000 - problems)
                + " as the table had them, 0 rebuilt from the log"), outcome.out().toString());
        assertTrue(outcome.out().contains("dropped   " + problems + " entries: " + problems
                + " bad checksum, 0 torn or truncated, 0 bad key"), outcome.out().toString());
        assertTrue(outcome.out().getLast().contains("the original is kept as " + dir.resolve("store.kv.damaged")),
                outcome.out().toString());
        assertTrue(outcome.err().isEmpty(), "no progress lines for a small store: " + outcome.err());

        Outcome check = execute("kv", "check", "--dir", dir.toString());
        assertEquals(0, check.exitCode(), check.toString());
        // what kv serve opens the store with
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            assertEquals(1_000 - problems, store.size());
        }
    }

    @Test
    void shouldLeaveASoundStoreAloneAndSayNothingWasDropped() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(1, new byte[] {1, 2, 3}, 0, 3);
        }
        Outcome outcome = execute("kv", "repair", "--dir", dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().stream().anyMatch(l -> l.startsWith("dropped   0 entries")), outcome.out().toString());
        assertTrue(outcome.out().getLast().contains("nothing to repair"), outcome.out().toString());
        assertTrue(Files.notExists(dir.resolve("store.kv.damaged")));
    }

    @Test
    void shouldRefuseAForeignFileInOneLineWithExitCode1() throws IOException {
        Files.writeString(file(), "not a store at all, just text\n".repeat(300));
        Outcome outcome = execute("kv", "repair", "--dir", dir.toString());
        assertEquals(1, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.err().toString());
        assertEquals("allocpool: kv repair: " + file() + ": cannot repair: not an allocpool kv store (no 'allocKV1' "
                + "magic at the start)", outcome.err().getFirst());
    }

    @Test
    void shouldRefuseAStoreInUseWithExitCode1() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            Outcome outcome = execute("kv", "repair", "--dir", dir.toString());
            assertEquals(1, outcome.exitCode(), outcome.toString());
            assertEquals(1, outcome.err().size(), outcome.err().toString());
            assertTrue(outcome.err().getFirst().contains("already open in this process"), outcome.err().getFirst());
            assertEquals(0, store.size());
        }
    }

    @Test
    void shouldRejectARepairOfADirectoryWithoutAStore() {
        assertBadInput(execute("kv", "repair", "--dir", dir.toString()), "holds no store (no store.kv)");
        assertBadInput(execute("kv", "repair", "--dir", dir.resolve("nowhere").toString()), "is not a directory");
    }

    @Test
    void shouldExplainWhatRepairKeepsInHelp() {
        Outcome outcome = execute("kv", "repair", "--help");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        String help = String.join(" ", outcome.out());
        assertTrue(help.contains("keeps every entry whose checksum holds"), help);
        assertTrue(help.contains("store.kv.damaged"), help);
        assertTrue(help.contains("--force"), help);
    }
}
