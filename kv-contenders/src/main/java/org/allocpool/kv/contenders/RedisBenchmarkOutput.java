package org.allocpool.kv.contenders;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Requests per second per test, read from what {@code redis-benchmark} printed: its {@code --csv}
 * lines ({@code "SET","170940.17",...}, the header skipped) or its {@code -q} lines
 * ({@code SET: 21929.82 requests per second, p50=0.063 msec}, after the carriage-return progress it
 * overwrites on a terminal). Progress lines ({@code rps=... (overall: ...)}) are never taken for a
 * result. Thread-safe (stateless).
 */
final class RedisBenchmarkOutput {

    private static final Pattern CSV = Pattern.compile("^\"([A-Za-z_ ():0-9-]+)\",\"([0-9]+(?:\\.[0-9]+)?)\"(?:,.*)?$");
    private static final Pattern QUIET = Pattern.compile("^([A-Za-z_ ():0-9-]+): ([0-9]+(?:\\.[0-9]+)?) requests per second.*$");

    private RedisBenchmarkOutput() {
    }

    /**
     * Each test's requests per second, by test name in upper case ({@code SET}, {@code GET}), in the order printed.
     *
     * @throws IllegalArgumentException when the text holds no result line (one line quoting its start)
     */
    static Map<String, Double> requestsPerSecond(String output) {
        Map<String, Double> rates = new LinkedHashMap<>();
        for (String rawLine : output.split("\n")) {
            // -q on a terminal: progress, then \r, then the result on the same line
            String line = rawLine;
            int cr = line.lastIndexOf('\r', line.length() - 2);
            if (cr >= 0) {
                line = line.substring(cr + 1);
            }
            line = line.strip();
            Matcher m = CSV.matcher(line);
            if (!m.matches()) {
                m = QUIET.matcher(line);
                if (!m.matches()) {
                    continue;
                }
            }
            rates.put(m.group(1).strip().toUpperCase(Locale.ROOT), Double.parseDouble(m.group(2)));
        }
        if (rates.isEmpty()) {
            String start = output.strip().replaceAll("\\s+", " ");
            throw new IllegalArgumentException("redis-benchmark printed no result: '"
                    + (start.length() > 120 ? start.substring(0, 120) + "..." : start) + "'");
        }
        return rates;
    }
}
