package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.allocpool.lab.kv.KvCellFields;
import org.allocpool.lab.kv.KvContender;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The kv cells of a run that one set of tables shows, each with its latest record per fork
 * ({@link LatestRecords}, so a fork rerun by {@code --resume} replaces its failure): the stores by
 * users, then in {@link KvContender} order (names it does not know last); the codecs by users.
 * Immutable after construction; safe to share.
 *
 * @param stores the store cells, in table order
 * @param codecs  the codecs cells, by users
 * @param servers the servers cells, in {@link org.allocpool.lab.kv.KvServerSetup} order
 */
record KvCellResults(List<KvCellResult> stores, List<KvCellResult> codecs, List<KvCellResult> servers) {

    KvCellResults {
        stores = List.copyOf(stores);
        codecs = List.copyOf(codecs);
        servers = List.copyOf(servers);
    }

    static KvCellResults of(List<LabRecord<KvCellFields, KvMetricsView>> records) {
        LatestRecords<KvCellFields, KvMetricsView> latest = new LatestRecords<>(records.stream()
                .filter(r -> r.cell() != null).toList());
        List<KvCellResult> stores = new ArrayList<>();
        List<KvCellResult> codecs = new ArrayList<>();
        List<KvCellResult> servers = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<KvCellFields, KvMetricsView>> forks = latest.forks(key);
            KvCellResult result = new KvCellResult(forks.getLast().cell(), forks);
            (result.cell().isServer() ? servers : result.cell().isCodecs() ? codecs : stores).add(result);
        }
        servers.sort(Comparator.comparingInt(r -> serverOrder(r.cell().contender())));
        stores.sort(Comparator.comparingLong((KvCellResult r) -> r.cell().userCount())
                .thenComparingInt(r -> order(r.cell().contender())));
        codecs.sort(Comparator.comparingLong(r -> r.cell().userCount()));
        return new KvCellResults(stores, codecs, servers);
    }

    /** The numbers of users the stores ran at, in order. */
    List<Long> storeUsers() {
        return stores.stream().map(r -> r.cell().userCount()).distinct().toList();
    }

    /** The stores run at {@code users}, in table order. */
    List<KvCellResult> stores(long users) {
        return stores.stream().filter(r -> r.cell().userCount() == users).toList();
    }

    /** The servers cell of {@code setup}, or {@code null} when the run has none. */
    KvCellResult server(org.allocpool.lab.kv.KvServerSetup setup) {
        return servers.stream().filter(r -> setup.label().equals(r.cell().contender())).findFirst().orElse(null);
    }

    private static int serverOrder(String label) {
        org.allocpool.lab.kv.KvServerSetup setup = org.allocpool.lab.kv.KvServerSetup.byLabel(label);
        return setup == null ? Integer.MAX_VALUE : setup.ordinal();
    }

    private static int order(String contender) {
        try {
            return KvContender.byName(contender).ordinal();
        } catch (IllegalArgumentException unknown) {
            return Integer.MAX_VALUE;
        }
    }
}
