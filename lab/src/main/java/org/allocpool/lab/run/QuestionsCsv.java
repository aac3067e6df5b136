package org.allocpool.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.export.CsvExport;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.records.CellFields;

/**
 * The questions a run's verdict answers ({@link Report#questions}) as one flat table beside the
 * records, {@value #NAME}: each with its two sides, the ratio of the first to the second pass by pass,
 * its 95% interval, and the answer. What a script compares between runs (does a later run's ratio lie
 * inside an earlier run's interval?). Thread-safe (stateless).
 */
public final class QuestionsCsv {

    /** The file's name in a results folder. */
    public static final String NAME = "comparisons.csv";

    private static final List<String> HEADER = List.of("experiment", "environment", "question", "a", "b", "a_over_b",
            "low", "high", "passes", "paired", "decided", "answer");

    private QuestionsCsv() {
    }

    /** Writes the questions of {@code reports} among {@code records} into {@code dir}, unless they ask none. */
    public static void writeTo(Path dir, List<JsonNode> records, List<? extends Report<?, ?>> reports,
                               EnvironmentGroups.Grouping grouping) throws IOException {
        StringBuilder rows = new StringBuilder();
        for (Report<?, ?> report : reports) {
            rows.append(rows(records, report, grouping));
        }
        if (!rows.isEmpty()) {
            StringBuilder table = new StringBuilder();
            line(table, HEADER);
            Files.writeString(dir.resolve(NAME), table.append(rows), StandardCharsets.UTF_8);
        }
    }

    /** The rows of {@code report}'s questions among {@code records}, empty when it asks none. */
    static <F extends CellFields, M> String rows(List<JsonNode> records, Report<F, M> report,
                                                EnvironmentGroups.Grouping grouping) {
        ExperimentRecords<F, M> mine = ExperimentRecords.of(records, List.of(), report, grouping);
        StringBuilder out = new StringBuilder();
        for (EnvironmentGroups.Group<F, M> group : mine.groups()) {
            for (Question q : report.questions(group.records())) {
                RatioInterval ratio = q.aOverB();
                Comparison c = q.comparison();
                String answer = !c.judged() ? "not steady" : c.isClear() ? c.betterName() : "too close to call";
                line(out, List.of(mine.experiment(), group.description(), q.name(), q.aName(), q.bName(),
                        number(ratio == null ? q.a().median() / q.b().median() : ratio.estimate()),
                        ratio == null ? "" : number(ratio.low()), ratio == null ? "" : number(ratio.high()),
                        ratio == null ? "" : Integer.toString(ratio.passes()),
                        ratio == null ? "" : Boolean.toString(ratio.paired()), Boolean.toString(c.isClear()), answer));
            }
        }
        return out.toString();
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    private static void line(StringBuilder out, List<String> cells) {
        out.append(String.join(",", cells.stream().map(CsvExport::quoted).toList())).append("\r\n");
    }
}
