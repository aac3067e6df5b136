package org.allocpool.lab.kv.tables;

import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvCell;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvServerSetup;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The servers section's tables: Redis and {@code kv serve --resp-port} under {@code redis-benchmark},
 * GET and SET per connection count and pipeline depth (Redis {@code appendfsync everysec} beside the
 * store's {@code async}); durability side by side (everysec against async, always against sync, SET);
 * and each server's resident set per million keys. Where Redis's tools are missing the section says so
 * in a footnote with the install command, and shows nothing it did not measure. Thread-safe (stateless).
 */
final class ServerTables {

    /** What the footnote says to install. */
    static final String INSTALL = "apt-get install redis-server redis-tools";
    /** The grid every main cell runs ({@link KvServerSetup#gridArgs}). */
    static final int[] CONNECTIONS = {1, 4, 16};
    static final int[] PIPELINES = {1, 16};

    private ServerTables() {
    }

    static String render(KvCellResults results) {
        List<KvCellResult> servers = results.servers();
        StringBuilder out = new StringBuilder("## Servers: Redis and kv serve under redis-benchmark\n\n");
        String missing = notInstalled(servers);
        if (missing != null) {
            return out.append("Not measured: ").append(missing).append(" on this machine. [1]\n\n[1] The servers section")
                    .append(" needs `redis-server` and `redis-benchmark`; Debian/Ubuntu: `").append(INSTALL)
                    .append("`, then `./allocpool lab kv --contender servers`. Nothing else of the lab depends on them.\n\n")
                    .toString();
        }
        TableNotes notes = new TableNotes();
        KvCellResult redis = results.server(KvServerSetup.REDIS_EVERYSEC);
        KvCellResult ours = results.server(KvServerSetup.KVSERVE_ASYNC);
        out.append(describe(servers)).append('\n');
        if (redis != null || ours != null) {
            out.append(grid(redis, ours, notes)).append('\n')
                    .append("Requests per second in thousands: the median round over every fork (the middle half of the"
                            + " rounds, ± half the range of the forks' medians), as `redis-benchmark -c C -P P -t get|set"
                            + " -r KEYS -d 60` reports each round; every key was loaded first, so every GET hits. Redis:"
                            + " `appendonly yes`, `appendfsync everysec`; kv serve: `--durability async`. x Redis: kv"
                            + " serve's median over Redis's.\n\n");
        }
        KvCellResult pair = results.server(KvServerSetup.PAIR_ASYNC);
        if (pair != null) {
            out.append("### Round for round: both servers up, their rounds interleaved\n\n")
                    .append(interleaved(pair, notes)).append('\n')
                    .append("The pair cell: Redis (`appendfsync everysec`) and kv serve (`async`) loaded with the same"
                            + " keys and up together, each test run as rounds in pairs, Redis then kv serve, then kv serve"
                            + " then Redis, and so on, so that each ratio compares two rounds a second apart. x Redis: kv"
                            + " serve's rate over Redis's, the median pair over every fork, in brackets the spread a"
                            + " comparison uses (the middle half of the pairs and every fork's median); the verdict reads"
                            + " it. The rates: the median round as above. CPU µs/request: each server process's user and"
                            + " system time over its timed rounds (`/proc/PID/stat`) per request, the median over the forks."
                            + " kv serve runs one event loop that polls for up to " + KvCell.KV_SERVE_POLL_MICROS
                            + " µs after its last event before it sleeps (`--poll-us " + KvCell.KV_SERVE_POLL_MICROS
                            + "`): a request that comes within the poll is read without waking a sleeping thread, which on"
                            + " a virtual machine costs more than the request; Redis sleeps at once. The price is in the"
                            + " CPU column: under load the loop stays busy between requests.\n\n");
        }
        out.append(durability(results, notes)).append('\n')
                .append("SET only (durability does not touch a GET). everysec/async: from the grid above; always/sync: an"
                        + " empty server, every write on the disk before its reply (Redis fsyncs its AOF once per event-loop"
                        + " pass, for every client's writes together; kv serve commits the writes of each event loop's"
                        + " turn together, two msyncs).\n\n");
        boolean loaded = servers.stream().anyMatch(cell -> {
            KvServerSetup setup = KvServerSetup.byLabel(cell.cell().contender());
            return setup == null || setup.isMainGrid();
        });
        if (loaded) {
            out.append(memory(servers, notes)).append('\n')
                .append("The server process's resident set (`VmRSS` of `/proc/<INFO process_id>/status`) with every key"
                        + " loaded (60-byte values, 16-byte keys), read after 1 s idle, and per million keys; added: what loading added to"
                        + " the empty server's; peak: `VmHWM`. kv serve's counts the JVM (256 MB heap at most) and the"
                        + " store file's pages in memory.\n\n");
        }
        out.append(notes.drain());
        return out.append('\n').toString();
    }

    /** Which Redis tool is missing, as the cells said, or {@code null} when none said so. */
    static String notInstalled(List<KvCellResult> servers) {
        for (KvCellResult cell : servers) {
            if (!cell.isOk()) {
                for (var failure : cell.failures()) {
                    String error = String.valueOf(failure.error());
                    int at = error.indexOf(" is not installed");
                    if (at >= 0) {
                        String head = error.substring(0, at);
                        return head.substring(head.lastIndexOf(' ') + 1) + " is not installed";
                    }
                }
            }
        }
        return null;
    }

    private static String describe(List<KvCellResult> servers) {
        StringBuilder out = new StringBuilder();
        for (KvCellResult cell : servers) {
            KvMetricsView.Server server = cell.firstServer();
            if (server != null) {
                out.append("- ").append(cell.label()).append(": ").append(server.serverVersion())
                        .append(", ").append(server.benchmarkVersion()).append('\n');
            }
        }
        return out.toString();
    }

    private static String grid(KvCellResult redis, KvCellResult ours, TableNotes notes) {
        MarkdownTable table = KvText.table("-c", "-P", "Redis GET/s (k)", "kv serve GET/s (k)", "GET x Redis",
                "Redis SET/s (k)", "kv serve SET/s (k)", "SET x Redis");
        for (int c : CONNECTIONS) {
            for (int p : PIPELINES) {
                Figure redisGet = figure(redis, "get", c, p);
                Figure oursGet = figure(ours, "get", c, p);
                Figure redisSet = figure(redis, "set", c, p);
                Figure oursSet = figure(ours, "set", c, p);
                table.row(KvText.row(Integer.toString(c), Integer.toString(p),
                        rate(notes, redis, "Redis GET -c " + c + " -P " + p, redisGet),
                        rate(notes, ours, "kv serve GET -c " + c + " -P " + p, oursGet), ratio(oursGet, redisGet),
                        rate(notes, redis, "Redis SET -c " + c + " -P " + p, redisSet),
                        rate(notes, ours, "kv serve SET -c " + c + " -P " + p, oursSet), ratio(oursSet, redisSet)));
            }
        }
        return table.render();
    }

    private static String interleaved(KvCellResult pair, TableNotes notes) {
        MarkdownTable table = KvText.table("-c", "-P", "test", "Redis/s (k)", "kv serve/s (k)", "x Redis, pair by pair",
                "CPU µs/request Redis", "kv serve");
        for (int c : CONNECTIONS) {
            for (int p : PIPELINES) {
                for (String test : List.of("get", "set")) {
                    Figure ratio = pairFigure(pair, test, c, p, KvMetricsView.Benchmark::ratioToRedis);
                    if (ratio == null && pair.isOk()) {
                        continue; // not in this profile's grid
                    }
                    String name = test.toUpperCase(Locale.ROOT) + " -c " + c + " -P " + p;
                    table.row(KvText.row(Integer.toString(c), Integer.toString(p), test.toUpperCase(Locale.ROOT),
                            rate(notes, pair, "Redis " + name + " (pair)",
                                    pairFigure(pair, test, c, p, KvMetricsView.Benchmark::redisRequests)),
                            rate(notes, pair, "kv serve " + name + " (pair)", figure(pair, test, c, p)),
                            ratio == null ? "" : ratioWithSpread(ratio),
                            micros(pair.benchmarkReading(test, c, p, KvMetricsView.Benchmark::redisCpuMicrosPerRequest)),
                            micros(pair.benchmarkReading(test, c, p, KvMetricsView.Benchmark::cpuMicrosPerRequest))));
                    if (!pair.isOk()) {
                        return table.render();
                    }
                }
            }
        }
        return table.render();
    }

    /** A CPU time per request, µs ({@code 6.3}, {@code 12}); {@code -} without one. */
    static String micros(Figure cpu) {
        return cpu == null ? "-" : Numbers.compact(cpu.median());
    }

    /** {@code 0.95 (0.91-0.99)}: a ratio's median and the spread a comparison uses. */
    static String ratioWithSpread(Figure ratio) {
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", ratio.median(), ratio.low(), ratio.high());
    }

    /** The part of a pair cell's {@code test} at {@code -c c -P p} that {@code part} picks, or {@code null}. */
    static Figure pairFigure(KvCellResult pair, String test, int c, int p,
                             java.util.function.Function<KvMetricsView.Benchmark, KvMetricsView.Rounds> part) {
        return pair == null || !pair.isOk() ? null : pair.benchmark(test, c, p, part);
    }

    private static String durability(KvCellResults results, TableNotes notes) {
        MarkdownTable table = KvText.table("Redis", "kv serve", "-c", "-P", "Redis SET/s (k)", "kv serve SET/s (k)",
                "x Redis");
        pairing(table, notes, results.server(KvServerSetup.REDIS_EVERYSEC), results.server(KvServerSetup.KVSERVE_ASYNC),
                "appendfsync everysec", "async", new int[] {4});
        pairing(table, notes, results.server(KvServerSetup.REDIS_ALWAYS), results.server(KvServerSetup.KVSERVE_SYNC),
                "appendfsync always", "sync", CONNECTIONS);
        return table.render();
    }

    private static void pairing(MarkdownTable table, TableNotes notes, KvCellResult redis, KvCellResult ours,
                                String redisMode, String ourMode, int[] connections) {
        if (redis == null && ours == null) {
            return;
        }
        for (int c : connections) {
            for (int p : PIPELINES) {
                Figure r = figure(redis, "set", c, p);
                Figure o = figure(ours, "set", c, p);
                boolean failed = (redis != null && !redis.isOk()) || (ours != null && !ours.isOk());
                if (r == null && o == null && !failed) {
                    continue; // not in this profile's grid
                }
                table.row(KvText.row(redisMode, ourMode, Integer.toString(c), Integer.toString(p),
                        rate(notes, redis, "Redis " + redisMode + " SET -c " + c + " -P " + p, r),
                        rate(notes, ours, "kv serve " + ourMode + " SET -c " + c + " -P " + p, o), ratio(o, r)));
                if (failed && r == null && o == null) {
                    return;
                }
            }
        }
    }

    private static String memory(List<KvCellResult> servers, TableNotes notes) {
        MarkdownTable table = KvText.table("server", "keys", "load s", "RSS empty MB", "RSS loaded MB", "peak MB",
                "MB per M keys", "added MB per M keys");
        for (KvCellResult cell : servers) {
            KvServerSetup setup = KvServerSetup.byLabel(cell.cell().contender());
            if (setup != null && !setup.isMainGrid()) {
                continue;
            }
            if (!cell.isOk()) {
                table.row(KvText.row(cell.label(), "?", notes.failed(cell.label(), cell), "", "", "", "", ""));
                continue;
            }
            Figure keys = cell.serverReading(s -> s.keys() == null ? null : s.keys().doubleValue());
            table.row(KvText.row(cell.label(), keys == null ? "?" : KvText.count((long) keys.median()),
                    KvText.median(cell.serverReading(KvMetricsView.Server::loadSeconds)),
                    KvText.median(cell.serverReading(KvMetricsView.Server::residentEmptyMb)),
                    KvText.median(cell.serverReading(KvMetricsView.Server::residentLoadedMb)),
                    KvText.median(cell.serverReading(KvMetricsView.Server::peakLoadedMb)),
                    KvText.median(cell.serverReading(KvMetricsView.Server::residentMbPerMillionKeys)),
                    KvText.median(cell.serverReading(KvMetricsView.Server::addedMbPerMillionKeys))));
        }
        return table.render();
    }

    /** {@code test}'s figure at {@code -c c -P p} in {@code cell}, or {@code null} (no such cell or test). */
    static Figure figure(KvCellResult cell, String test, int c, int p) {
        return cell == null || !cell.isOk() ? null : cell.benchmark(test, c, p);
    }

    private static String rate(TableNotes notes, KvCellResult cell, String what, Figure figure) {
        if (cell == null) {
            return "-";
        }
        if (!cell.isOk()) {
            return notes.failed(cell.label(), cell);
        }
        return KvText.thousands(figure) + notes.unsteady(what, figure == null || figure.steady(),
                figure == null ? "" : figure.reason()) + notes.failedForks(cell.label(), cell);
    }

    private static String ratio(Figure ours, Figure redis) {
        if (ours == null || redis == null || redis.median() <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2f", ours.median() / redis.median());
    }

    static String thousandsPerSecond(Figure figure) {
        return Numbers.compact(figure.median() / 1e3) + "k/s";
    }
}
