package org.allocpool.lab.run;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.store.RunInfo;

/**
 * How one experiment's records become a Markdown document: its tables, then a section headed
 * {@code Verdict} that says in words what they mean; and the charts of {@code report.html}, drawn
 * from the same figures as the tables. The text depends on the records and run
 * descriptions only (no clock, no locale), so rendering a folder twice gives the same text.
 * Implementations are stateless and thread-safe.
 *
 * @param <F> the records' cell fields
 * @param <M> the records' metrics
 */
public interface Report<F extends CellFields, M> {

    /** How its records are read. */
    RecordType<F, M> recordType();

    /**
     * The document for {@code records} (this experiment's, in the order written; records of the same
     * cell and fork replace earlier ones as {@link org.allocpool.lab.records.LatestRecords} says),
     * from runs described by {@code runs} (empty when unknown). All records come from one
     * environment: the runner renders one document per machine and JDK.
     */
    String render(List<LabRecord<F, M>> records, List<RunInfo> runs);

    /**
     * The headline figure of every cell among {@code records} (one environment's, as for
     * {@link #render}), made as the tables make them, in table order: what {@code lab compare} sets
     * side by side for two runs. A cell that ran but measured nothing has a {@code null} figure.
     * Empty for an experiment that names none.
     */
    default List<CellFigure> figures(List<LabRecord<F, M>> records) {
        return List.of();
    }

    /**
     * The questions its verdict answers by comparing two cells of {@code records} (one environment's):
     * kept beside the tables ({@code comparisons.csv}) with their intervals, and asked by the runner
     * which cells need further passes. None by default.
     */
    default List<Question> questions(List<LabRecord<F, M>> records) {
        return List.of();
    }

    /**
     * The cells ({@link CellFields#key()}) of the {@link #questions} it cannot answer from {@code records}
     * yet (the ratio's interval reaches within the margin of parity, has too few passes, or a figure is not
     * steady): the runner gives them further passes while the budget allows ({@link Experiment#maxForks()}).
     */
    default Set<String> undecidedCells(List<LabRecord<F, M>> records) {
        Set<String> cells = new LinkedHashSet<>();
        questions(records).stream().filter(q -> !q.isDecided()).forEach(q -> cells.addAll(q.cells()));
        return cells;
    }

    /**
     * The charts of {@code records} (one environment's, as {@link #render} gets them), by section, drawn
     * from the figures the tables show; none by default. Depends on the records and runs only.
     */
    default List<ChartSection> charts(List<LabRecord<F, M>> records, List<RunInfo> runs) {
        return List.of();
    }
}
