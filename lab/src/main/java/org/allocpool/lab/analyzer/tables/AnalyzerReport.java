package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerExperiment;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.analyzer.PacketShape;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.env.Environment;
import org.allocpool.lab.text.RunHeader;
import org.allocpool.lab.text.TableNotes;

/**
 * Renders the analyzer's records as one Markdown document: the environment and profile, then for
 * each collector the article's "strategy × case, ns/packet" table (C++ rows after the Java ones),
 * its GC table (Java only) and the Java / C++ ratios, then our medians beside the article's; then,
 * for real-time records, the article's "smallest loss-free interval" tables with the latency and
 * GC of each answer's probe, the Java / C++ ratios of the intervals, and those beside the article's;
 * last, the verdict in words. Every figure is the median over the cell's forks, with its spreads;
 * a figure that was not steady is marked and never a winner. Thread-safe (stateless).
 */
public final class AnalyzerReport implements Report<AnalyzerCellFields, AnalyzerMetricsView> {

    private static final RecordType<AnalyzerCellFields, AnalyzerMetricsView> TYPE =
            RecordType.of(AnalyzerExperiment.NAME, AnalyzerCellFields.class, AnalyzerMetricsView.class);

    @Override
    public RecordType<AnalyzerCellFields, AnalyzerMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public String render(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records, List<RunInfo> runs) {
        Configurations configurations = new Configurations(batchRecords(records));
        List<RealtimeSection> realtime = RealtimeSection.of(records);

        StringBuilder out = new StringBuilder();
        header(out, records, runs);
        TableNotes footnotes = new TableNotes();
        for (Configuration configuration : configurations.all()) {
            AnalyzerResults batch = new AnalyzerResults(configurations.records(configuration));
            batchTables(out, batch, configurations.areSeveral() ? " (" + configuration.label() + ")" : "", footnotes);
            if (configuration.label().equals("default")) {
                comparison(out, batch);
            }
        }
        if (configurations.areSeveral()) {
            sideBySide(out, configurations);
        }
        for (RealtimeSection section : realtime) {
            realtime(out, section, footnotes);
        }
        verdict(out, configurations, realtime, shapes(records));
        return out.toString();
    }

    /** The batch records of {@code records}. */
    private static List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> batchRecords(
            List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        return records.stream().filter(r -> r.cell() != null && !r.cell().isRealtime()).toList();
    }

    /**
     * The batch tables of one configuration, per collector: ns/packet, GC, Java / C++; {@code suffix} after the
     * collector in every heading names the configuration where a run has several.
     */
    private static void batchTables(StringBuilder out, AnalyzerResults batch, String suffix, TableNotes footnotes) {
        for (String collector : batch.collectors()) {
            String gc = collector + suffix;
            out.append("\n## ").append(gc).append("\n\n");
            out.append("Heap: ").append(heaps(batch, collector)).append(".\n\n");
            out.append("### ").append(gc).append(": ns/packet, strategy x case\n\n");
            out.append(NsPerPacketTable.LEGEND).append("\n\n");
            out.append(NsPerPacketTable.render(batch, collector, footnotes));
            cppNote(out, batch);
            notes(out, footnotes);
            out.append("\n### ").append(gc).append(": GC, strategy x case\n\n");
            out.append("Pauses as the JVM reports them (JFR), medians over the forks; GC fraction = pause time / run time;"
                    + " GC ns per live object = average pause / live objects; bytes/packet = heap bytes the analyser's"
                    + " thread allocated per packet.\n\n");
            out.append(GcTable.render(batch, collector, footnotes));
            notes(out, footnotes);
            ratios(out, gc + ": Java / C++, ns/packet", "Java over C++, ns per packet, from this run: pass by pass"
                    + " (a pass's Java fork over its C++ run), the geometric mean of the passes' ratios; with fewer"
                    + " than two passes, the ratio of the medians.",
                    JavaCppRatioTable.batch(batch, collector), footnotes);
        }
        if (batch.collectors().isEmpty() && !batch.cppRows().isEmpty()) {
            out.append("\n## C++").append(suffix).append(": ns/packet, strategy x case\n\n").append(NsPerPacketTable.LEGEND)
                    .append("\n\n");
            out.append(NsPerPacketTable.render(batch, "", footnotes));
            notes(out, footnotes);
        }
    }

    /** Each configuration beside the one it changes one thing of ({@link Configuration#reference}). */
    private static void sideBySide(StringBuilder out, Configurations configurations) {
        StringBuilder tables = new StringBuilder();
        for (Pair pair : pairs(configurations)) {
            tables.append(ConfigurationVerdict.tables(pair.config().change(pair.reference()), pair.configResults(),
                    pair.reference().change(pair.config()), pair.referenceResults(), pair.config().common(pair.reference())));
        }
        if (!tables.isEmpty()) {
            out.append("\n## Configurations side by side\n\n")
                    .append("Each configuration beside the one it differs from in one thing (JVM variant, packet shape or heap),"
                            + " cell by cell: ns per packet in each as in the tables above (`~`: not steady), their ratio pass by"
                            + " pass with its 95% interval (a change is named only when the whole interval lies 5% or more beyond"
                            + " parity), and the heap bytes the analyser's thread allocated per packet in each. Figures of two"
                            + " configurations are never merged.\n")
                    .append(tables);
        }
    }

    /** Every configuration but the baseline, with the one it is set beside. */
    private static List<Pair> pairs(Configurations configurations) {
        List<Pair> pairs = new ArrayList<>();
        Configuration baseline = configurations.baseline();
        for (Configuration configuration : configurations.all()) {
            if (configuration.equals(baseline)) {
                continue;
            }
            Configuration reference = configuration.reference(baseline, configurations.all());
            pairs.add(new Pair(configuration, new AnalyzerResults(configurations.records(configuration)), reference,
                    new AnalyzerResults(configurations.records(reference))));
        }
        return pairs;
    }

    /** A configuration and the one it is set beside, with their cells. */
    private record Pair(Configuration config, AnalyzerResults configResults, Configuration reference,
                        AnalyzerResults referenceResults) {
    }

    /**
     * Batch cells: ns/packet over the forks, as the ns/packet tables show it. Real-time searches: the
     * smallest loss-free interval over the forks, as the real-time tables show it ({@code null} when a
     * fork lost even at the widest interval). Lower is better for both; runs at one fixed interval
     * measure a loss, not a figure, and are left out.
     */
    /**
     * The batch verdict's two questions (pool or allocate, on the heap or off it) per collector and case, in each
     * configuration (its name then in front of each question's).
     */
    @Override
    public List<Question> questions(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        Configurations configurations = new Configurations(batchRecords(records));
        List<Question> questions = new ArrayList<>();
        for (Configuration configuration : configurations.all()) {
            String prefix = configurations.areSeveral() ? configuration.label() + ", " : "";
            for (Question q : BatchVerdict.questions(new AnalyzerResults(configurations.records(configuration)))) {
                questions.add(new Question(prefix + q.name(), q.aName(), q.bName(), q.cells(), q.a(), q.b(),
                        q.lowerIsBetter()));
            }
        }
        return List.copyOf(questions);
    }

    /** Every cell's headline figure; a cell of a configuration other than the default has it in its label. */
    @Override
    public List<CellFigure> figures(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        List<CellFigure> figures = new ArrayList<>();
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> batchRecords = batchRecords(records);
        boolean byHeap = Configurations.heapsAreColumns(batchRecords);
        AnalyzerResults batch = new AnalyzerResults(batchRecords);
        for (CellResult result : batch.all()) {
            String config = Configuration.of(result.cell(), byHeap).label();
            figures.add(new CellFigure(result.cell().key(), result.label() + (config.equals("default") ? "" : " (" + config + ")"),
                    "ns/packet", true, result.nsPerPacket(), result.cell().isCpp()));
        }
        AnalyzerResults realtime = new AnalyzerResults(records.stream()
                .filter(r -> r.cell() != null && AnalyzerCellFields.REALTIME.equals(r.cell().measure())).toList());
        for (CellResult result : realtime.all()) {
            RealtimeAnswer answer = RealtimeAnswer.of(result);
            String heap = result.cell().isCpp() || result.cell().heap() == null ? "" : ", heap " + result.cell().heap();
            figures.add(new CellFigure(result.cell().key(), result.label() + ", real time" + heap,
                    "ns loss-free interval", true, answer == null ? null : answer.interval()));
        }
        return List.copyOf(figures);
    }

    /**
     * The batch charts per collector ({@link AnalyzerCharts}), then the real-time ones per section and
     * collector ({@link RealtimeCharts}), from the figures the tables show.
     */
    @Override
    public List<ChartSection> charts(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records, List<RunInfo> runs) {
        Configurations configurations = new Configurations(batchRecords(records));
        List<ChartSection> sections = new ArrayList<>();
        for (Configuration configuration : configurations.all()) {
            for (ChartSection section : AnalyzerCharts.batch(new AnalyzerResults(configurations.records(configuration)))) {
                sections.add(configurations.areSeveral()
                        ? new ChartSection(section.title() + " (" + configuration.label() + ")", section.intro(),
                                section.charts())
                        : section);
            }
        }
        sections.addAll(RealtimeCharts.of(RealtimeSection.of(records)));
        return List.copyOf(sections);
    }

    private static void verdict(StringBuilder out, Configurations configurations, List<RealtimeSection> realtime,
                                String packets) {
        StringBuilder verdict = new StringBuilder();
        for (Configuration configuration : configurations.all()) {
            String lines = BatchVerdict.render(new AnalyzerResults(configurations.records(configuration)));
            if (configurations.areSeveral() && !lines.isEmpty()) {
                verdict.append("\n### ").append(configuration.label())
                        .append(configuration.isArticleShape() ? " (" + configuration.shapeText() + ")" : "").append('\n');
            }
            verdict.append(lines);
        }
        if (configurations.areSeveral()) {
            StringBuilder lines = new StringBuilder();
            for (Pair pair : pairs(configurations)) {
                lines.append(ConfigurationVerdict.render(pair.config().change(pair.reference()), pair.configResults(),
                        pair.reference().change(pair.config()), pair.referenceResults(), pair.config().common(pair.reference())));
            }
            if (!lines.isEmpty()) {
                verdict.append("\n### Does the configuration change the answer?\n").append(lines);
            }
        }
        for (RealtimeSection section : realtime) {
            if (section.intervalNs() == null) {
                String lines = RealtimeVerdict.render(section.results(), section.heap());
                verdict.append(lines.isEmpty() || section.configuration().label().equals("default") ? lines
                        : "\n### Real time (" + section.configuration().label() + ")\n" + lines);
            }
        }
        out.append("\n## Verdict\n\n");
        if (verdict.isEmpty()) {
            out.append("Nothing to judge: no collector has two strategies with steady figures in one case.\n");
            return;
        }
        out.append("Each figure is the median over every fork; \"spreads apart\" means the two figures' spreads (the"
                + " middle half of their rounds and every fork's figure) do not overlap, \"too close to call\" that they"
                + " do: then this machine cannot rank them. A figure that was not steady is not judged."
                + " The cost of the test itself (dummy) is left out. 2019: \"To allocate or to pool?\", other hardware and"
                + " JDKs: compare the answers, not the digits. Packets: " + packets + ".\n");
        out.append(verdict);
    }

    private static void realtime(StringBuilder out, RealtimeSection section, TableNotes footnotes) {
        AnalyzerResults results = section.results();
        String heapTitle = section.title();
        String what = section.intervalNs() == null
                ? "smallest loss-free interval, ns"
                : "loss at " + section.intervalNs() + " ns";
        out.append("\n## Real time: ").append(what).append(heapTitle).append("\n\n");
        if (section.intervalNs() == null) {
            out.append("The smallest interval between two packets of the native source at which nothing was lost after"
                    + " the warm-up, searched from the batch ns/packet up to 1000 ns, to 10 ns (under 200 ns, to a twentieth of the"
                    + " interval); a Java cell's probes run one after"
                    + " another in the fork's one JVM, on the workload brought once to its steady state (a C++ cell"
                    + " starts a fresh process per probe, which prefills first); lower is better. With several forks, the median"
                    + " of their answers and (in brackets) the range. `lost: X%`: even one packet every 1000 ns lost X% of"
                    + " them (the worst fork).\n");
        } else {
            out.append("Packets lost after the warm-up with the native source producing one every ")
                    .append(section.intervalNs()).append(" ns (the worst fork).\n");
        }
        for (String gc : results.collectors()) {
            out.append("\n### ").append(gc).append(heapTitle).append(": real time, ").append(what).append("\n\n");
            out.append("Heap: ").append(heaps(results, gc)).append(".\n\n");
            out.append(RealtimeTables.answers(results, gc, footnotes));
            cppNote(out, results);
            notes(out, footnotes);
            if (section.intervalNs() == null) {
                ratios(out, gc + heapTitle + ": Java / C++, smallest loss-free interval",
                        "Ratio of the smallest loss-free intervals, Java over C++, from this run.",
                        JavaCppRatioTable.realtime(results, gc, footnotes), footnotes);
                out.append("\n### ").append(gc).append(heapTitle).append(": real time, latency and GC of the answer's probe\n\n");
                out.append("The probe each fork's answer rests on (the narrowest loss-free one, or the one at 1000 ns that"
                        + " lost): latency from the source's timestamp to processing; GC pauses during that probe.\n\n");
            } else {
                out.append("\n### ").append(gc).append(heapTitle).append(": real time, latency and GC at ")
                        .append(section.intervalNs()).append(" ns\n\n");
                out.append("Latency from the source's timestamp to processing; GC pauses during the measured window.\n\n");
            }
            out.append(RealtimeTables.probes(results, gc, footnotes));
            notes(out, footnotes);
        }
        if (section.intervalNs() == null && section.configuration().label().equals("default")) {
            StringBuilder tables = new StringBuilder();
            for (String gc : results.collectors()) {
                String table = RealtimeComparison.render(results, gc, section.heap());
                if (!table.isEmpty()) {
                    tables.append("\n### ").append(gc).append(heapTitle).append(": real time, ours beside 2019\n\n")
                            .append(table);
                }
            }
            if (!tables.isEmpty()) {
                out.append("\n## Real time beside the article").append(heapTitle).append("\n\n")
                        .append("Published figures: ").append(ArticleFigures.CITATION)
                        .append(" Real time: 100 ms capture delay, losses counted after a 10 s warm-up.\n")
                        .append(tables);
            }
        }
    }

    private static void cppNote(StringBuilder out, AnalyzerResults results) {
        if (!results.cppRows().isEmpty()) {
            out.append("\nC++ rows: C++ has no collector, so its cells ran once and the same figures appear under every"
                    + " collector.\n");
        }
    }

    private static void ratios(StringBuilder out, String title, String what, String table, TableNotes footnotes) {
        if (table.isEmpty()) {
            return;
        }
        out.append("\n### ").append(title).append("\n\n").append(what).append("\n\n").append(table);
        out.append('\n').append(JavaCppRatioTable.NOTE).append('\n');
        notes(out, footnotes);
    }

    private static void notes(StringBuilder out, TableNotes footnotes) {
        String notes = footnotes.drain();
        if (!notes.isEmpty()) {
            out.append('\n').append(notes);
        }
    }

    private static void header(StringBuilder out, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records,
                               List<RunInfo> runs) {
        out.append("# allocpool lab: analyzer\n\n");
        for (RunInfo run : runs.stream().sorted((a, b) -> Boolean.compare(!RunInfo.BATCH.equals(a.mode()),
                !RunInfo.BATCH.equals(b.mode()))).toList()) {
            boolean batch = RunInfo.BATCH.equals(run.mode());
            out.append(batch ? "- profile: " : "- " + run.mode().replace("realtime", "real-time") + " profile: ")
                    .append(run.profile());
            out.append(run.childArgs().isEmpty()
                    ? " (the analyzer's default round sizes)"
                    : " (every cell: `analyzer " + String.join(" ", run.childArgs()) + "`)");
            out.append('\n');
            if (!run.jvmArgs().isEmpty()) {
                out.append(batch ? "- extra JVM arguments: `" : "- extra JVM arguments (" + run.mode() + "): `")
                        .append(String.join(" ", run.jvmArgs())).append("`\n");
            }
        }
        if (runs.isEmpty()) {
            out.append("- profile: not recorded\n");
        }
        List<Environment> envs = records.stream().filter(r -> r.cell() != null && !r.cell().isCpp())
                .map(LabRecord::env).filter(e -> e != null).toList();
        List<Environment> cppEnvs = records.stream().filter(r -> r.cell() != null && r.cell().isCpp())
                .map(LabRecord::env).filter(e -> e != null).toList();
        if (envs.isEmpty() && !cppEnvs.isEmpty()) {
            envs = cppEnvs;
        }
        RunHeader.environment(out, envs, "cell");
        if (!envs.isEmpty()) {
            out.append("- host: ").append(RunHeader.distinct(envs, e -> e.host() == null ? "not recorded" : e.host())).append('\n');
        }
        if (!cppEnvs.isEmpty()) {
            out.append("- C++: ").append(RunHeader.distinct(cppEnvs, Environment::vm)).append('\n');
        }
        // the records that count: a fork recorded again (a resumed or merged run) is counted once, as the tables show it
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> counted = new LatestRecords<>(records).all();
        long cells = counted.stream().map(LabRecord::key).distinct().count();
        long ok = counted.stream().filter(LabRecord::isOk).count();
        out.append("- packets: ").append(shapes(records)).append(" (the generator writes 24 bytes into each, whatever its"
                + " size; the article's: 1,024-byte packets, 1 in 16 kept)\n");
        variants(out, records);
        long skipped = counted.stream().filter(r -> LabRecord.SKIPPED.equals(r.status())).count();
        out.append("- cells: ").append(cells).append(", forks: ").append(counted.size()).append(" (").append(ok)
                .append(" ok, ").append(counted.size() - ok - skipped).append(" failed")
                .append(skipped == 0 ? "" : ", " + skipped + " skipped").append(")\n\n");
        out.append("Compare rows within one table (ratios), not figures from another machine:"
                + " shared machines are noisy.\n");
    }

    /** The packet shapes of {@code records}' cells, as the header and the verdict say them: {@code 1,024-byte packets, 1 in 16 kept}. */
    private static String shapes(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        Set<String> shapes = new LinkedHashSet<>();
        records.stream().map(LabRecord::cell).filter(c -> c != null)
                .forEach(c -> shapes.add(PacketShape.text(c.bytesPerPacket(), c.keptOneIn())));
        return shapes.isEmpty() ? PacketShape.text(null, null) : String.join("; ", shapes);
    }

    /**
     * A line per JVM variant of {@code records}: what its cells' JVMs ran with beyond the default's (its JDK, when
     * another, and the JVM flags the default cells did not have), as their records say.
     */
    private static void variants(StringBuilder out, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        Set<String> defaultFlags = new LinkedHashSet<>();
        Set<String> defaultJdks = new LinkedHashSet<>();
        Map<String, Set<String>> flags = new LinkedHashMap<>();
        Map<String, Set<String>> jdks = new LinkedHashMap<>();
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> r : records) {
            if (r.cell() == null || r.cell().isCpp()) {
                continue;
            }
            String variant = r.cell().variant();
            if (variant != null) {
                flags.computeIfAbsent(variant, k -> new LinkedHashSet<>());
                jdks.computeIfAbsent(variant, k -> new LinkedHashSet<>());
            }
            if (r.env() == null) {
                continue;
            }
            (variant == null ? defaultFlags : flags.get(variant)).addAll(r.env().jvmArgs());
            (variant == null ? defaultJdks : jdks.get(variant)).add(r.env().jdk());
        }
        flags.forEach((variant, own) -> {
            List<String> added = own.stream().filter(f -> !defaultFlags.contains(f) && !f.startsWith("-Xlog")
                    && !f.startsWith("-Xms") && !f.startsWith("-Xmx") && !f.startsWith("-XX:MaxDirectMemorySize")).toList();
            Set<String> otherJdks = new LinkedHashSet<>(jdks.get(variant));
            otherJdks.removeAll(defaultJdks);
            out.append("- variant ").append(variant).append(": ");
            if (jdks.get(variant).isEmpty()) {
                out.append("nothing measured (every cell of it failed or was skipped)\n");
                return;
            }
            out.append(otherJdks.isEmpty() ? "" : "JDK " + String.join(", ", otherJdks) + "; ")
                    .append(added.isEmpty() ? "no JVM flag beyond the default cells'" : "JVM flags beyond the default cells': `"
                            + String.join(" ", added) + "`")
                    .append('\n');
        });
    }

    private static String heaps(AnalyzerResults results, String gc) {
        Set<String> onHeap = new LinkedHashSet<>();
        Set<String> offHeap = new LinkedHashSet<>();
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                CellResult result = results.get(gc, strategy, caseName);
                if (result != null) {
                    String heap = result.cell().heap() == null ? "?" : result.cell().heap();
                    (AnalyzerMatrix.isOffHeap(strategy) ? offHeap : onHeap).add(heap);
                }
            }
        }
        StringBuilder text = new StringBuilder();
        if (!onHeap.isEmpty()) {
            text.append(String.join("/", onHeap)).append(" for heap strategies");
        }
        if (!offHeap.isEmpty()) {
            text.append(text.isEmpty() ? "" : "; ").append(String.join("/", offHeap))
                    .append(" + ").append(AnalyzerMatrix.MAX_DIRECT_MEMORY).append(" native memory for native and flat strategies");
        }
        return text.toString();
    }

    private static void comparison(StringBuilder out, AnalyzerResults results) {
        StringBuilder tables = new StringBuilder();
        for (String gc : results.collectors()) {
            String table = ArticleComparison.render(results, gc);
            if (!table.isEmpty()) {
                tables.append("\n### ").append(gc).append(": ns/packet, ours beside 2019\n\n").append(table);
            }
        }
        if (!tables.isEmpty()) {
            out.append("\n## Beside the article\n\n").append("Published figures: ").append(ArticleFigures.CITATION)
                    .append(" `~` marks one of ours that was not steady.\n").append(tables);
        }
    }

}
