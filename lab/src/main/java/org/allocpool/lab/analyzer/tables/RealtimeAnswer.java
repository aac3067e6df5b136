package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a real-time record answers, in the article's words: the smallest loss-free interval
 * ({@code 230}), or the loss where even the widest interval lost packets ({@code lost: 4.4%});
 * for a run at one fixed interval, the loss there ({@code no loss}, {@code lost: 0.6%}).
 * Thread-safe (stateless).
 */
final class RealtimeAnswer {

    private RealtimeAnswer() {
    }

    /** The table text of an ok real-time record; {@code ?} when it holds neither an answer nor a loss. */
    static String text(JsonNode record) {
        JsonNode metrics = record.path("metrics");
        JsonNode search = metrics.path("search");
        if (search.isObject()) {
            if (search.path("minIntervalNs").isNumber()) {
                return Long.toString(search.path("minIntervalNs").asLong());
            }
            return search.path("lossPercentAtMax").isNumber() ? lost(search.path("lossPercentAtMax").asDouble()) : "?";
        }
        JsonNode loss = metrics.path("realtime").path("lossPercent");
        if (!loss.isNumber()) {
            return "?";
        }
        return loss.asDouble() == 0 && metrics.path("realtime").path("lost").asLong(0) == 0 ? "no loss" : lost(loss.asDouble());
    }

    /** {@code lost: 4.4%}, {@code lost: 75%}, {@code lost: 0.0025%}. */
    static String lost(double percent) {
        return "lost: " + Numbers.lossPercent(percent) + "%";
    }
}
