package org.allocpool.cli;

import static org.allocpool.cli.Printed.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab compare BEFORE AFTER} as a CI pipeline sees it: its exit code, what it prints and writes. */
class LabCompareCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldExitZeroAndJudgeEveryCellWithinNoiseWhenARunIsComparedWithItself() throws Exception {
        Path run = folder("run", record("pool", 100), record("alloc", 300));

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", run.toString(), run.toString()));

        assertEquals(0, compare.exit(), compare.err());
        assertTrue(compare.out().endsWith("0 of 2 cells slower beyond 10% and the noise. 2 within noise.\n"), compare.out());
        assertEquals(compare.out(), Files.readString(run.resolve("compare.md")), "printed and written into AFTER");
        assertTrue(Files.exists(run.resolve("compare.html")), "the page beside it");
    }

    @Test
    void shouldExitOneAndNameTheCellThatGotSlowerBeyondTheThresholdAndTheNoise() throws Exception {
        Path before = folder("before", record("pool", 100), record("alloc", 300));
        Path after = folder("after", record("pool", 132), record("alloc", 300));
        Path out = tmp.resolve("report");

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", before.toString(), after.toString(),
                "--out", out.toString()));

        assertEquals(1, compare.exit(), compare.err());
        assertTrue(compare.out().contains("1 of 2 cells slower beyond 10% and the noise: G1 pool A 1.32x."), compare.out());
        assertTrue(Files.exists(out.resolve("compare.md")), "written where --out says");
        assertFalse(Files.exists(after.resolve("compare.md")));
    }

    @Test
    void shouldWriteComparePageBesideCompareMdAndSaySo() throws Exception {
        Path before = folder("before", record("pool", 100), record("alloc", 300));
        Path after = folder("after", record("pool", 132), record("alloc", 300));
        Path out = tmp.resolve("report");

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", before.toString(), after.toString(),
                "--out", out.toString()));

        String page = Files.readString(out.resolve("compare.html"));
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.endsWith("</html>\n"), "a whole page");
        assertTrue(page.contains("G1 pool A (slower)"), "the slower cell marked under its bars");
        assertTrue(compare.err().contains(out.resolve("compare.md") + " and " + out.resolve("compare.html")), compare.err());
        assertFalse(compare.out().contains("<html"), "stdout keeps the Markdown only");
    }

    @Test
    void shouldExitZeroWhenTheSlowdownIsWithinALargerThreshold() throws Exception {
        Path before = folder("before", record("pool", 100));
        Path after = folder("after", record("pool", 132));

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", before.toString(), after.toString(),
                "--threshold", "40%"));

        assertEquals(0, compare.exit(), compare.err());
        assertTrue(compare.out().contains("- threshold: 40%\n"), compare.out());
    }

    @Test
    void shouldExitTwoNamingAFolderWithoutRecords() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path after = folder("after", record("pool", 100));

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", empty.toString(), after.toString()));

        assertEquals(2, compare.exit());
        assertEquals(1, compare.err().lines().count(), compare.err());
        assertTrue(compare.err().contains("no records in '" + empty + "'"), compare.err());
    }

    @Test
    void shouldExitTwoNamingAThresholdThatIsNotAPositivePercent() throws Exception {
        Path run = folder("run", record("pool", 100));

        Printed compare = run(() -> AllocpoolMain.execute("lab", "compare", run.toString(), run.toString(),
                "--threshold", "0.1"));

        assertEquals(2, compare.exit());
        assertTrue(compare.err().startsWith("allocpool: --threshold '0.1' is not a positive percent"), compare.err());
        assertFalse(Files.exists(run.resolve("compare.md")), "nothing written on bad input");
    }

    @Test
    void shouldExplainExitCodesInItsHelp() throws Exception {
        Printed help = run(() -> AllocpoolMain.execute("lab", "compare", "--help"));

        assertEquals(0, help.exit());
        assertTrue(help.out().contains("Exit codes:"), help.out());
        assertTrue(help.out().contains("--threshold=PERCENT"), help.out());
        assertTrue(help.out().contains("--threshold 15%\n"), help.out());
        assertEquals("", help.err(), "every percent sign escaped for picocli");
    }


    private Path folder(String name, String... records) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.write(dir.resolve("records.jsonl"), List.of(records));
        return dir;
    }

    /** A steady G1 batch record of case A, its spread 0.9375-1.0625 of {@code median}. */
    private static String record(String strategy, double median) {
        JsonNode node = RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok","fork":1,
                 "cell":{"strategy":"%s","case":"A","mode":"batch","gc":"G1","heap":"2g"},
                 "env":{"jdk":"25.0.3","vm":"Test VM","cpu":"Test CPU","cores":2,"os":"Linux","jvmArgs":[],"host":"h"},
                 "metrics":{"nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":[%s,%s,%s,%s,%s]},
                  "steadyState":{"steady":true,"reason":"steady","rounds":5,"shift":0.0,"noise":0.05,"drift":0.0,"trendP":1.0}}}
                """.replace("\n", ""), strategy, median, median * 0.875, median * 1.125, median, median * 0.9375,
                median * 1.0625, median * 0.875, median * 1.125));
        return node.toString();
    }
}
