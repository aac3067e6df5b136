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
 * @param codecs the codecs cells, by users
 */
record KvCellResults(List<KvCellResult> stores, List<KvCellResult> codecs) {

    KvCellResults {
        stores = List.copyOf(stores);
        codecs = List.copyOf(codecs);
    }

    static KvCellResults of(List<LabRecord<KvCellFields, KvMetricsView>> records) {
        LatestRecords<KvCellFields, KvMetricsView> latest = new LatestRecords<>(records.stream()
                .filter(r -> r.cell() != null).toList());
        List<KvCellResult> stores = new ArrayList<>();
        List<KvCellResult> codecs = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<KvCellFields, KvMetricsView>> forks = latest.forks(key);
            KvCellResult result = new KvCellResult(forks.getLast().cell(), forks);
            (result.cell().isCodecs() ? codecs : stores).add(result);
        }
        stores.sort(Comparator.comparingLong((KvCellResult r) -> r.cell().userCount())
                .thenComparingInt(r -> order(r.cell().contender())));
        codecs.sort(Comparator.comparingLong(r -> r.cell().userCount()));
        return new KvCellResults(stores, codecs);
    }

    /** The numbers of users the stores ran at, in order. */
    List<Long> storeUsers() {
        return stores.stream().map(r -> r.cell().userCount()).distinct().toList();
    }

    /** The stores run at {@code users}, in table order. */
    List<KvCellResult> stores(long users) {
        return stores.stream().filter(r -> r.cell().userCount() == users).toList();
    }

    private static int order(String contender) {
        try {
            return KvContender.byName(contender).ordinal();
        } catch (IllegalArgumentException unknown) {
            return Integer.MAX_VALUE;
        }
    }
}
