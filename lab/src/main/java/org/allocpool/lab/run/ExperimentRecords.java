package org.allocpool.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.store.RunInfo;

/**
 * One experiment's share of a results folder, as its tables and its report page both read it: its
 * records kept apart by environment, the run descriptions that are its own, and how many of its
 * records could not be read. Immutable.
 *
 * @param experiment the experiment's name in records
 * @param groups     its readable records, one group per environment ({@link EnvironmentGroups})
 * @param runs       the run descriptions of this experiment
 * @param unreadable how many of its records could not be read (written by another version?)
 * @param <F>        the records' cell fields
 * @param <M>        the records' metrics
 */
public record ExperimentRecords<F extends CellFields, M>(String experiment, List<EnvironmentGroups.Group<F, M>> groups,
                                                         List<RunInfo> runs, int unreadable) {

    /** {@code report}'s records among {@code nodes}, from runs among {@code runs}, grouped as {@code grouping} says. */
    public static <F extends CellFields, M> ExperimentRecords<F, M> of(List<JsonNode> nodes, List<RunInfo> runs,
                                                                      Report<F, M> report,
                                                                      EnvironmentGroups.Grouping grouping) {
        String experiment = report.recordType().experiment();
        return new ExperimentRecords<>(experiment,
                EnvironmentGroups.of(report.recordType().readAll(nodes), grouping),
                runs.stream().filter(r -> r.experiment().equals(experiment)).toList(),
                report.recordType().unreadable(nodes));
    }

    /** A quoted warning naming the unreadable records, left out of {@code what}; empty when there are none. */
    public String warning(String what) {
        return unreadable == 0 ? "" : "> " + unreadable + " " + experiment + " record(s) in this folder could not be read"
                + " (written by another version of allocpool?) and are left out of " + what + ".\n\n";
    }
}
