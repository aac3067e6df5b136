package org.allocpool.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.allocrate.tables.AllocRateReport;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.analyzermt.AnalyzerMtReport;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.export.CsvExport;
import org.allocpool.lab.firstalloc.tables.FirstAllocReport;
import org.allocpool.lab.jmh.tables.JmhReport;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.messaging.tables.MessagingReport;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.QuestionsCsv;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.run.ReportPage;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;

/**
 * The tables and the report page of a results folder, for every experiment whose records it holds
 * ({@code lab --tables}, {@code lab merge}, {@code lab report}): each experiment's report, one per
 * environment; its records as {@code records.csv}; the reports {@code lab compare} takes figures from.
 * The one place that knows every experiment's report. Stateless.
 */
final class LabTables {

    /** Every experiment's report. */
    static final List<Report<?, ?>> REPORTS = List.of(new AnalyzerReport(), new KvReport(), new EchoReport(),
            new FirstAllocReport(), new MessagingReport(), new AllocRateReport(), new AnalyzerMtReport(), new JmhReport());

    private LabTables() {
    }

    /**
     * Prints the tables of the finished run in {@code dir}, running nothing, and writes its records
     * beside them as {@code records.csv}.
     *
     * @return {@link LabRunner#EXIT_OK}
     * @throws IllegalArgumentException naming {@code dir} when it holds no records, or the file when it cannot be read
     */
    static int print(Path dir, PrintStream out) {
        out.print(render(dir));
        out.flush();
        writeCsv(dir, System.err);
        return LabRunner.EXIT_OK;
    }

    /**
     * Writes {@code dir}'s records as {@code records.csv} beside them, and its verdicts' ratios as
     * {@code comparisons.csv}; says so on {@code progress} when it
     * cannot (a folder only read, say) and goes on: the tables are printed all the same.
     *
     * @return whether it was written
     */
    static boolean writeCsv(Path dir, PrintStream progress) {
        try {
            List<JsonNode> nodes = new RecordsFile(dir).readAll();
            CsvExport.writeTo(dir, nodes);
            QuestionsCsv.writeTo(dir, nodes, REPORTS, RunMerge.grouping(dir));
            return true;
        } catch (IOException e) {
            progress.println("lab: cannot write " + dir.resolve(ResultsFolder.CSV) + ": " + e.getMessage());
            return false;
        }
    }

    /** The tables of {@code dir}, every experiment's in turn. */
    static String render(Path dir) {
        List<JsonNode> nodes = records(dir);
        List<RunInfo> runs = RunInfo.readAllFrom(dir);
        EnvironmentGroups.Grouping grouping = RunMerge.grouping(dir);
        StringBuilder text = new StringBuilder();
        for (Report<?, ?> report : REPORTS) {
            if (holds(nodes, report.recordType().experiment())) {
                text.append(text.isEmpty() ? "" : "\n").append(LabRunner.render(nodes, runs, report, grouping));
            }
        }
        return text.toString();
    }


    /**
     * The report page of {@code dir} ({@code report.html}): every experiment's tables, verdict and charts,
     * one part per experiment and environment.
     *
     * @throws IllegalArgumentException naming {@code dir} when it holds no records, or the file when it cannot be read
     */
    static String html(Path dir) {
        return ReportPage.render(records(dir), RunInfo.readAllFrom(dir), REPORTS, RunMerge.grouping(dir));
    }

    private static List<JsonNode> records(Path dir) {
        RecordsFile records = new RecordsFile(dir);
        if (!records.exists()) {
            throw new IllegalArgumentException("no records in '" + dir + "': it holds no " + RecordsFile.NAME);
        }
        try {
            return records.readAll();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read '" + records.path() + "': " + e.getMessage(), e);
        }
    }

    private static boolean holds(List<JsonNode> nodes, String experiment) {
        return nodes.stream().anyMatch(n -> experiment.equals(n.path("experiment").asText()));
    }
}
