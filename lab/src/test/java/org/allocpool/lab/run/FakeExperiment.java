package org.allocpool.lab.run;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * An experiment that is not the analyzer, so that the runner is tested on its own: each cell says
 * how each of its forks behaves ({@link FakeProgram}'s behaviours, one per fork, the last one
 * repeating; and {@code hang}, a shell that starts a sleeping grandchild and waits, or
 * {@code nostart}, a program that does not exist). Its report ({@link FakeReport}) lists every
 * cell's latest records in key order, so that its text depends on the records only. Immutable.
 */
final class FakeExperiment implements Experiment<FakeExperiment.Cell, FakeExperiment.Fields, FakeExperiment.Metrics> {

    static final String NAME = "fake";

    /** The cell fields of a fake record: a name and a size, which the child leaves out and the lab fills in. */
    record Fields(String name, Integer size) implements CellFields {
        @Override
        public String key() {
            return name + "|" + size;
        }
    }

    /** What a fake child measured: its value, and how many records the lab had written before it started. */
    record Metrics(Double value, Integer recordsBefore) {
    }

    /**
     * One fake cell.
     *
     * @param behaviours how fork 1, 2, ... behave, the last one repeating
     * @param timeout    how long each fork may take
     */
    record Cell(String name, int size, List<String> behaviours, Duration timeout) implements LabCell<Fields> {

        Cell(String name, String... behaviours) {
            this(name, name.length(), List.of(behaviours.length == 0 ? new String[] {"ok"} : behaviours),
                    Duration.ofMinutes(2));
        }

        Cell timingOutAfter(Duration limit) {
            return new Cell(name, size, behaviours, limit);
        }

        String behaviour(int fork) {
            return behaviours.get(Math.min(fork, behaviours.size()) - 1);
        }

        /** The value an ok fork reports: the same in every fork, so that figures do not depend on which ran first. */
        double value() {
            return size * 1.5;
        }

        @Override
        public Fields fields() {
            return new Fields(name, size);
        }

        @Override
        public String id() {
            return name;
        }

        @Override
        public String label() {
            return "fake " + name;
        }
    }

    private final List<Cell> cells;
    private final int forks;
    private final Path missingProgram;
    private final String profile;
    private final int maxForks;
    private final Set<String> undecided;

    /** {@code cells}, {@code forks} each; {@code scratch} is a folder whose {@code no-such-program} does not exist. */
    FakeExperiment(List<Cell> cells, int forks, Path scratch) {
        this(cells, forks, scratch, "plain");
    }

    FakeExperiment(List<Cell> cells, int forks, Path scratch, String profile) {
        this(cells, forks, scratch, profile, forks, Set.of());
    }

    private FakeExperiment(List<Cell> cells, int forks, Path scratch, String profile, int maxForks, Set<String> undecided) {
        this.cells = List.copyOf(cells);
        this.forks = forks;
        this.missingProgram = scratch.resolve("no-such-program");
        this.profile = profile;
        this.maxForks = maxForks;
        this.undecided = Set.copyOf(undecided);
    }

    /**
     * The same experiment, whose report keeps the cells named {@code undecided} undecided whatever they
     * measure, with up to {@code maxForks} passes for them (and an hour's budget).
     */
    FakeExperiment withUndecided(int maxForks, Set<String> undecided) {
        return new FakeExperiment(cells, forks, missingProgram.getParent(), profile, maxForks, undecided);
    }

    @Override
    public int maxForks() {
        return maxForks;
    }

    @Override
    public Duration budget() {
        return maxForks > forks ? Duration.ofHours(1) : null;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunInfo describe() {
        return new RunInfo(NAME, profile, List.of("--fake"), List.of());
    }

    @Override
    public List<Cell> cells() {
        return cells;
    }

    @Override
    public int forks() {
        return forks;
    }

    @Override
    public Duration timeout(Cell cell) {
        return cell.timeout();
    }

    @Override
    public CellLaunch launch(Cell cell, CellFiles files) {
        int fork = files.stem().matches(".*-fork\\d+") ? Integer.parseInt(files.stem().replaceAll(".*-fork", "")) : 1;
        String behaviour = cell.behaviour(fork);
        return switch (behaviour) {
            case "nostart" -> CellLaunch.of(List.of(missingProgram.toString(), "--name", cell.name()));
            case "hang" -> CellLaunch.of(List.of("/bin/sh", "-c",
                    "sleep 600 & echo $! > '" + grandchildPidFile(files) + "'; wait"));
            default -> CellLaunch.of(java().command(List.of("-Xmx32m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                            "-Xshare:auto"), List.of(),
                    List.of("--name", cell.name(), "--behaviour", behaviour,
                            "--value", String.format(Locale.ROOT, "%.1f", cell.value()),
                            "--records", files.dir().resolve(RecordsFile.NAME).toString())));
        };
    }

    /** Where a hanging fork's shell writes the pid of the grandchild it started. */
    static Path grandchildPidFile(CellFiles files) {
        return files.file(".grandchild.pid");
    }

    @Override
    public Report<Fields, Metrics> report() {
        Set<String> keys = new HashSet<>();
        for (Cell cell : cells) {
            if (undecided.contains(cell.name())) {
                keys.add(cell.fields().key());
            }
        }
        return new FakeReport(keys);
    }

    private static JvmCommand java() {
        try {
            String classPath = Path.of(FakeProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            return JvmCommand.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"), classPath,
                    FakeProgram.class.getName());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fake experiment's tables: its runs' profiles, then one line per cell and fork, in key order. Stateless. */
    static final class FakeReport implements Report<Fields, Metrics> {

        static final RecordType<Fields, Metrics> TYPE = RecordType.of(NAME, Fields.class, Metrics.class);

        private final Set<String> undecided;

        FakeReport() {
            this(Set.of());
        }

        /** A report that cannot decide the cells of {@code undecided} (keys). */
        FakeReport(Set<String> undecided) {
            this.undecided = Set.copyOf(undecided);
        }

        @Override
        public Set<String> undecidedCells(List<LabRecord<Fields, Metrics>> records) {
            return undecided;
        }

        @Override
        public RecordType<Fields, Metrics> recordType() {
            return TYPE;
        }

        @Override
        public String render(List<LabRecord<Fields, Metrics>> records, List<RunInfo> runs) {
            StringBuilder out = new StringBuilder("# fake\n\n");
            runs.forEach(run -> out.append("- profile: ").append(run.profile()).append('\n'));
            LatestRecords<Fields, Metrics> latest = new LatestRecords<>(records);
            List<String> keys = new ArrayList<>(latest.keys());
            keys.sort(Comparator.naturalOrder());
            for (String key : keys) {
                for (LabRecord<Fields, Metrics> record : latest.forks(key)) {
                    out.append("- ").append(key).append(" fork ").append(record.forkNumber()).append(": ")
                            .append(record.isOk() ? "ok " + record.metrics().value() : "failed: " + record.error())
                            .append('\n');
                }
            }
            out.append("\n## Verdict\n\n").append(keys.size()).append(" cells\n");
            return out.toString();
        }
    }
}
