package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvCellFields;
import org.allocpool.lab.kv.KvExperiment;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.env.Environment;

/**
 * The kv lab's tables and verdict, in Markdown: the stores (one row per contender: heap, full GC
 * pause, files, gets/puts/misses per second, resident size), the codecs (encoded size, encodes and
 * decodes per second), each followed by the article's figures beside ours, the servers (Redis and
 * kv serve under redis-benchmark, {@link ServerTables}), then the verdict in words. Every figure is over the cell's forks with its spreads; one that was not steady is marked
 * and never a winner; a failed cell reads {@code failed [n]} with its reason below the table.
 * Thread-safe (stateless).
 */
public final class KvReport implements Report<KvCellFields, KvMetricsView> {

    /** What the verdict's words mean, said once above it. */
    static final String VERDICT_INTRO = "Each rate is the median over every fork; \"spreads apart\" means the two"
            + " figures' spreads (the middle half of their rounds and every fork's median) do not overlap, \"too close to"
            + " call\" that they do: then this machine cannot rank them. A figure that was not steady is not judged, nor"
            + " is a cell that failed. 2015: the article, at 15,000,000 users on other hardware and a JDK of its time:"
            + " compare the answers, not the digits.\n";

    private static final RecordType<KvCellFields, KvMetricsView> TYPE =
            RecordType.of(KvExperiment.NAME, KvCellFields.class, KvMetricsView.class);

    @Override
    public RecordType<KvCellFields, KvMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public String render(List<LabRecord<KvCellFields, KvMetricsView>> records, List<RunInfo> runs) {
        KvCellResults results = KvCellResults.of(records);
        StringBuilder out = new StringBuilder("# kv lab\n\n");
        for (RunInfo run : runs) {
            out.append("Profile ").append(run.profile()).append("; every cell: `ContenderMain ")
                    .append(String.join(" ", run.childArgs())).append('`');
            if (!run.jvmArgs().isEmpty()) {
                out.append("; JVM arguments added: `").append(String.join(" ", run.jvmArgs())).append('`');
            }
            out.append(".\n");
        }
        environments(records).forEach(env -> out.append("Measured on ").append(env).append(".\n"));
        // the forks that count: a fork run again (--resume) replaces its failure
        List<LabRecord<KvCellFields, KvMetricsView>> forks = new LatestRecords<>(records).all();
        long ok = forks.stream().filter(LabRecord::isOk).count();
        out.append("Cells: ").append(forks.stream().map(LabRecord::key).distinct().count()).append(", forks: ")
                .append(forks.size()).append(" (").append(ok).append(" ok, ").append(forks.size() - ok).append(" failed).\n\n");
        if (!results.stores().isEmpty()) {
            out.append(StoreTables.render(results));
        }
        if (!results.codecs().isEmpty()) {
            out.append(CodecTables.render(results.codecs()));
        }
        if (!results.servers().isEmpty()) {
            out.append(ServerTables.render(results));
        }
        if (results.stores().isEmpty() && results.codecs().isEmpty() && results.servers().isEmpty()) {
            out.append("No kv records.\n\n");
        }
        out.append("## Verdict\n\n");
        String verdict = verdict(results);
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : VERDICT_INTRO + verdict);
        return out.toString();
    }

    /**
     * Per store: its gets, puts and misses per second; per codec of a codecs cell: its encodes and
     * decodes per second, fresh and (in records that have it) at its best; each over the forks as the
     * tables show it. Higher is better.
     */
    @Override
    public List<CellFigure> figures(List<LabRecord<KvCellFields, KvMetricsView>> records) {
        KvCellResults results = KvCellResults.of(records);
        List<CellFigure> figures = new ArrayList<>();
        for (KvCellResult store : results.stores()) {
            String key = store.cell().key();
            String label = store.label() + ", " + KvText.count(store.cell().userCount()) + " users";
            figures.add(new CellFigure(key, label, "gets/s", false, StoreTables.gets(store)));
            figures.add(new CellFigure(key, label, "puts/s", false, StoreTables.puts(store)));
            figures.add(new CellFigure(key, label, "misses/s", false, StoreTables.misses(store)));
        }
        for (KvCellResult codecs : results.codecs()) {
            for (String codec : codecs.codecNames()) {
                String key = codecs.cell().key() + "|" + codec;
                String label = "codec " + codec + ", " + KvText.count(codecs.cell().userCount()) + " users";
                figures.add(new CellFigure(key, label, "encodes/s", false, CodecTables.encodes(codecs, codec)));
                figures.add(new CellFigure(key, label, "decodes/s", false, CodecTables.decodes(codecs, codec)));
                Figure bestEncodes = CodecTables.bestEncodes(codecs, codec);
                Figure bestDecodes = CodecTables.bestDecodes(codecs, codec);
                if (bestEncodes != null) {
                    figures.add(new CellFigure(key, label, "encodes/s at its best", false, bestEncodes));
                }
                if (bestDecodes != null) {
                    figures.add(new CellFigure(key, label, "decodes/s at its best", false, bestDecodes));
                }
            }
        }
        for (KvCellResult server : results.servers()) {
            String key = server.cell().key();
            for (int c : ServerTables.CONNECTIONS) {
                for (int p : ServerTables.PIPELINES) {
                    for (String test : List.of("get", "set")) {
                        Figure figure = ServerTables.figure(server, test, c, p);
                        if (figure != null) {
                            figures.add(new CellFigure(key + "|" + test + "/" + c + "/" + p, server.label() + " " + test
                                    + " -c " + c + " -P " + p, "requests/s", false, figure));
                        }
                    }
                }
            }
        }
        return List.copyOf(figures);
    }

    /** The stores' and codecs' charts ({@link KvCharts}), from the figures the tables show. */
    @Override
    public List<ChartSection> charts(List<LabRecord<KvCellFields, KvMetricsView>> records, List<RunInfo> runs) {
        return KvCharts.of(KvCellResults.of(records));
    }

    private static String verdict(KvCellResults results) {
        StringBuilder out = new StringBuilder();
        for (long users : results.storeUsers()) {
            String lines = StoreVerdict.render(results.stores(users));
            if (!lines.isEmpty()) {
                out.append("\n**Stores, ").append(KvText.count(users)).append(" users**, one thread:\n\n").append(lines);
            }
        }
        String servers = ServerVerdict.render(results);
        if (!servers.isEmpty()) {
            out.append("\n**Servers**: does kv serve reach Redis's GET and SET (Redis appendfsync everysec, the store async,"
                    + " the same redis-benchmark)?\n\n").append(servers);
        }
        for (KvCellResult codecs : results.codecs()) {
            out.append("\n**Codecs**, users of ").append(KvText.count(codecs.cell().userCount())).append(":\n\n")
                    .append(CodecVerdict.render(codecs));
        }
        return out.toString();
    }

    /** "CPU, 2 cores, JDK 25.0.1, Linux ..." of every distinct environment of the ok records. */
    private static Set<String> environments(List<LabRecord<KvCellFields, KvMetricsView>> records) {
        Set<String> envs = new LinkedHashSet<>();
        for (LabRecord<KvCellFields, KvMetricsView> record : records) {
            Environment env = record.env();
            if (record.isOk() && env != null) {
                envs.add(env.cpu() + ", " + env.cores() + " cores, JDK " + env.jdk() + ", " + env.os());
            }
        }
        return envs;
    }
}
