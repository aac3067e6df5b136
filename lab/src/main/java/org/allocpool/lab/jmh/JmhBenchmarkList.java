package org.allocpool.lab.jmh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what JMH lists with {@code -lp}: a {@code Benchmarks:} line, then one full benchmark name per line,
 * each followed by its parameters ({@code   param "size" = {64, 1024}}). Lines it does not know (JMH's
 * notes) are skipped. Stateless.
 */
public final class JmhBenchmarkList {

    private static final Pattern NAME = Pattern.compile("^[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)+$");
    private static final Pattern PARAM = Pattern.compile("^\\s+param \"([^\"]+)\" = \\{(.*)}\\s*$");

    private JmhBenchmarkList() {
    }

    /** The benchmarks of {@code listing}, in its order. */
    public static List<JmhBenchmark> parse(String listing) {
        List<JmhBenchmark> benchmarks = new ArrayList<>();
        String name = null;
        Map<String, List<String>> params = new LinkedHashMap<>();
        boolean listed = false;
        for (String line : listing.lines().toList()) {
            if (line.strip().equals("Benchmarks:")) {
                listed = true;
                continue;
            }
            if (!listed) {
                continue;
            }
            Matcher param = PARAM.matcher(line);
            if (param.matches() && name != null) {
                params.put(param.group(1), values(param.group(2)));
            } else if (NAME.matcher(line.strip()).matches() && !line.startsWith(" ")) {
                if (name != null) {
                    benchmarks.add(new JmhBenchmark(name, params));
                }
                name = line.strip();
                params = new LinkedHashMap<>();
            }
        }
        if (name != null) {
            benchmarks.add(new JmhBenchmark(name, params));
        }
        return List.copyOf(benchmarks);
    }

    private static List<String> values(String list) {
        List<String> values = new ArrayList<>();
        for (String v : list.split(",")) {
            if (!v.isBlank()) {
                values.add(v.strip());
            }
        }
        return values;
    }
}
