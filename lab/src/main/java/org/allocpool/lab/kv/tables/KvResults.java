package org.allocpool.lab.kv.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.kv.KvCell;
import org.allocpool.lab.kv.KvContender;
import org.allocpool.metrics.result.ResultRecord;

/**
 * The kv records a table shows: one per cell (the last ok record of a cell, else its last record,
 * so a cell rerun by {@code --resume} replaces its failure), stores in table order. Immutable.
 *
 * @param stores store records, by users then in {@link KvContender} order
 * @param codecs codecs records, by users
 */
record KvResults(List<JsonNode> stores, List<JsonNode> codecs) {

    static KvResults of(List<JsonNode> records) {
        Map<String, JsonNode> byCell = new LinkedHashMap<>();
        for (JsonNode record : records) {
            if (!"kv".equals(record.path("experiment").asText())) {
                continue;
            }
            String key = KvCell.key(record.path("cell"));
            JsonNode kept = byCell.get(key);
            if (kept == null || isOk(record) || !isOk(kept)) {
                byCell.put(key, record);
            }
        }
        List<JsonNode> stores = new ArrayList<>();
        List<JsonNode> codecs = new ArrayList<>();
        for (JsonNode record : byCell.values()) {
            (KvCell.CODECS.equals(record.path("cell").path("mode").asText()) ? codecs : stores).add(record);
        }
        stores.sort(Comparator.comparingLong((JsonNode r) -> users(r)).thenComparingInt(KvResults::order));
        codecs.sort(Comparator.comparingLong(KvResults::users));
        return new KvResults(List.copyOf(stores), List.copyOf(codecs));
    }

    static boolean isOk(JsonNode record) {
        return ResultRecord.OK.equals(record.path("status").asText());
    }

    static long users(JsonNode record) {
        return record.path("cell").path("users").asLong();
    }

    static String contender(JsonNode record) {
        return record.path("cell").path("contender").asText("?");
    }

    private static int order(JsonNode record) {
        try {
            return KvContender.byName(contender(record)).ordinal();
        } catch (IllegalArgumentException unknown) {
            return Integer.MAX_VALUE;
        }
    }
}
