package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.AnalyzerExperiment;
import org.allocpool.lab.analyzer.AnalyzerLabSettings;
import org.allocpool.lab.analyzer.AnalyzerMode;
import org.allocpool.lab.analyzer.Profile;
import org.allocpool.lab.echo.EchoCell;
import org.allocpool.lab.echo.EchoExperiment;
import org.allocpool.lab.echo.EchoLabSettings;
import org.allocpool.lab.echo.EchoProfile;
import org.allocpool.lab.kv.KvCell;
import org.allocpool.lab.kv.KvExperiment;
import org.allocpool.lab.kv.KvLabSettings;
import org.allocpool.lab.kv.KvProfile;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

/**
 * What each experiment's launch asks its JVMs to keep beside the records: GC logs for every JVM,
 * the latency histograms where the child has them, flight recordings only with {@code --keep-jfr}.
 */
class CellExportsTest {

    private static final Path DIR = Path.of("/results/run");
    private static final JvmCommand JVM = new JvmCommand(Path.of("/jdk/bin/java"), List.of(), List.of("-cp", "x", "Main"));
    private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 4242);

    @Test
    void shouldKeepAFlightRecordingOnlyWhenAskedTo() {
        AnalyzerExperiment analyzer = new AnalyzerExperiment(AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.BATCH), JVM);
        AnalyzerCell cell = javaCell(analyzer);

        List<String> kept = command(analyzer.launch(cell, new CellFiles(DIR, "G1-pool-A", true)));
        List<String> plain = command(analyzer.launch(cell, new CellFiles(DIR, "G1-pool-A")));

        assertTrue(kept.contains("-XX:StartFlightRecording:filename=/results/run/G1-pool-A.jfr,settings=default,"
                + "dumponexit=true"), kept.toString());
        assertTrue(kept.contains("-Xlog:jfr+startup=off"), "the JFR start-up message would spoil the record's stdout");
        assertTrue(kept.indexOf("-Xlog:jfr+startup=off") < kept.indexOf("Main"), "JVM flags come before the main class");
        assertTrue(plain.stream().noneMatch(a -> a.contains("FlightRecording") || a.contains("jfr")), plain.toString());
    }

    @Test
    void shouldGiveARealtimeJavaCellAnHlogAndACppCellNone() {
        AnalyzerExperiment analyzer = new AnalyzerExperiment(AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.REALTIME),
                JVM);
        AnalyzerCell java = javaCell(analyzer);
        AnalyzerCell cpp = analyzer.cells().stream().filter(AnalyzerCell::isCpp).findFirst().orElseThrow();
        CellFiles files = new CellFiles(DIR, "cell", true);

        List<String> javaCommand = command(analyzer.launch(java, files));
        List<String> cppCommand = command(analyzer.launch(cpp, files));

        int hlog = javaCommand.indexOf("--hlog");
        assertEquals("/results/run/cell.hlog", javaCommand.get(hlog + 1), javaCommand.toString());
        assertEquals("--json", javaCommand.getLast());
        assertFalse(cppCommand.contains("--hlog"), "the C++ analyser keeps no histogram: " + cppCommand);
        assertTrue(cppCommand.stream().noneMatch(a -> a.contains("FlightRecording")), "no Java code of the cell runs");
    }

    @Test
    void shouldGiveABatchCellNoHlog() {
        AnalyzerExperiment analyzer = new AnalyzerExperiment(AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.BATCH), JVM);
        assertFalse(command(analyzer.launch(javaCell(analyzer), new CellFiles(DIR, "cell"))).contains("--hlog"));
    }

    @Test
    void shouldGiveTheEchoClientAGcLogAnHlogAndWithKeepJfrBothJvmsARecording() {
        EchoExperiment echo = new EchoExperiment(EchoLabSettings.of(EchoProfile.QUICK), JVM);
        EchoCell cell = echo.cells().getFirst();

        CellLaunch kept = echo.launch(cell, new CellFiles(DIR, "cell", true));
        List<String> client = kept.client().apply(SERVER);
        List<String> server = kept.server().command();

        assertTrue(client.contains("-Xlog:gc*:file=/results/run/cell.gc.log"), client.toString());
        assertTrue(server.contains("-Xlog:gc*:file=/results/run/cell.server.gc.log"), server.toString());
        assertEquals("/results/run/cell.hlog", client.get(client.indexOf("--hlog") + 1));
        assertTrue(client.stream().anyMatch(a -> a.startsWith("-XX:StartFlightRecording:filename=/results/run/cell.jfr,")));
        assertTrue(server.stream().anyMatch(a -> a.startsWith("-XX:StartFlightRecording:filename=/results/run/cell.server.jfr,")));

        CellLaunch plain = echo.launch(cell, new CellFiles(DIR, "cell"));
        assertTrue(plain.client().apply(SERVER).stream().noneMatch(a -> a.contains("FlightRecording")));
        assertTrue(plain.server().command().stream().noneMatch(a -> a.contains("FlightRecording")));
    }

    @Test
    void shouldGiveEveryKvContenderAGcLog() {
        KvExperiment kv = new KvExperiment(new KvLabSettings(KvProfile.QUICK, null, null, null, null, null, null, null,
                null, null, null), JVM);
        for (KvCell cell : kv.cells()) {
            List<String> command = command(kv.launch(cell, new CellFiles(DIR, cell.id())));
            assertTrue(command.contains("-Xlog:gc*:file=/results/run/" + cell.id() + ".gc.log"), command.toString());
            assertTrue(command.indexOf("-Xlog:gc*:file=/results/run/" + cell.id() + ".gc.log") < command.indexOf("Main"));
            assertFalse(command.contains("--hlog"), "the contenders keep no latency histogram");
        }
    }

    private static AnalyzerCell javaCell(AnalyzerExperiment analyzer) {
        return analyzer.cells().stream().filter(c -> !c.isCpp()).findFirst().orElseThrow();
    }

    private static List<String> command(CellLaunch launch) {
        return launch.client().apply(null);
    }
}
