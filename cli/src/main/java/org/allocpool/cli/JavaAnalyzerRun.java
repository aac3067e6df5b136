package org.allocpool.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.realtime.IntervalFinder;
import org.allocpool.analyzer.realtime.RealtimeRun;
import org.allocpool.analyzer.realtime.RealtimeSettings;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code allocpool analyzer} in this JVM: a batch run, a real-time run or an interval search, its
 * human lines on stdout (on stderr with {@code --json}), its one record on stdout with
 * {@code --json}; a run that fails gives a failed record or one line, and exit code 1.
 * One run per instance, on the calling thread.
 */
final class JavaAnalyzerRun {

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;

    JavaAnalyzerRun(PrintWriter out, PrintWriter err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    /** Runs {@code settings} in batch, or in real time when {@code realtime} is given; the exit code. */
    int run(AnalyzerSettings settings, RealtimeSettings realtime, boolean findInterval) {
        return run(settings, realtime, findInterval, null);
    }

    /**
     * {@link #run(AnalyzerSettings, RealtimeSettings, boolean)}, a real-time run's latency histograms
     * also written to {@code hlog} when that is not {@code null}.
     */
    int run(AnalyzerSettings settings, RealtimeSettings realtime, boolean findInterval, Path hlog) {
        PrintStream human = new PrintStream(new LineWriterStream(json ? err : out), true, StandardCharsets.UTF_8);
        ResultRecord record;
        HistogramLogFile log = null;
        try {
            if (realtime == null) {
                record = BatchRun.run(settings, human);
            } else {
                log = hlog == null ? null : openLog(hlog, settings);
                record = findInterval ? IntervalFinder.run(realtime, human, log) : RealtimeRun.run(realtime, human, log);
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            Map<String, Object> cell = realtime == null ? BatchRun.cell(settings) : RealtimeRun.cell(realtime, findInterval);
            return failed(cell, reason(e));
        } finally {
            if (log != null) {
                log.close();
            }
        }
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }

    private static HistogramLogFile openLog(Path hlog, AnalyzerSettings settings) {
        return HistogramLogFile.create(hlog, "allocpool analyzer " + settings.strategy().cliName() + " case "
                + settings.workloadCase().name() + ": latency in ns from each packet's scheduled tick to the end of its"
                + " processing, one interval per probe", Instant.now().toEpochMilli());
    }

    private int failed(Map<String, Object> cell, String reason) {
        if (json) {
            out.println(RecordJson.toLine(ResultRecord.failed(BatchRun.EXPERIMENT, cell, Environment.current(), reason)));
            out.flush();
        } else {
            err.println("allocpool: analyzer failed: " + reason);
            err.flush();
        }
        return AnalyzerCommand.EXIT_FAILED;
    }

    /** One line saying why {@code e} ended a run: the message of a run's own failure, else the type and message. */
    static String reason(Throwable e) {
        String message = e.getMessage();
        if (e instanceof IllegalStateException && message != null) {
            return message;
        }
        return message == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + message;
    }
}
