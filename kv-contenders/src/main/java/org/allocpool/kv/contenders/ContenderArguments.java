package org.allocpool.kv.contenders;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line of {@link ContenderMain} as picocli reads it: its options as fields, its
 * {@code --help}; {@link #options()} checks the values and makes them {@link ContenderOptions}.
 * Values that have a range are read as text and checked here, so that a bad one is refused in one
 * line that names it. Not thread-safe: one instance per command line, read once.
 */
@Command(name = "ContenderMain", sortOptions = false,
        description = {"One cell of the kv lab in a JVM of its own: measures one store (--contender NAME --dir DIR), "
                + "the record codecs (--codecs), or a server under redis-benchmark (--server redis|kvserve), and prints "
                + "one result record.", ""},
        footer = {"", "Exit codes: 0 ok, 1 the contender failed (a failed record), 2 bad options."})
final class ContenderArguments {

    @Option(names = "--contender", paramLabel = "NAME",
            description = "the store to measure: hashmap, allocpool, mapdb, chronicle or lmdb (needs --dir)")
    String contender;

    @Option(names = "--codecs", description = "measure the record codecs instead of a store")
    boolean codecs;

    @Option(names = "--server", paramLabel = "NAME",
            description = "measure a server under redis-benchmark instead: redis (started here, its files in --dir), "
                    + "kvserve (started by the lab, at --connect), or pair: both, their rounds interleaved (Redis with "
                    + "appendfsync everysec started here in --dir, kv serve at --connect)")
    String server;

    @Option(names = "--durability", paramLabel = "MODE",
            description = "the server's durability: Redis's appendfsync everysec|always, kv serve's async|sync")
    String durability;

    @Option(names = "--connect", paramLabel = "HOST:PORT", description = "where kv serve answers RESP (--server kvserve, pair)")
    String connect;

    @Option(names = "--tests", paramLabel = "T,T", description = "redis-benchmark tests (default: get,set)")
    String tests;

    @Option(names = "--connections", paramLabel = "C,C", description = "redis-benchmark -c values (default: 1,4,16)")
    String connections;

    @Option(names = "--pipelines", paramLabel = "P,P", description = "redis-benchmark -P values (default: 1,16)")
    String pipelines;

    @Option(names = "--no-load", description = "do not load --users keys first (and read no resident set)")
    boolean noLoad;

    @Option(names = "--users", paramLabel = "N",
            description = "users to load, or to draw the codecs' sample from (default: 1_000_000)")
    String users;

    @Option(names = "--dir", paramLabel = "DIR", description = "a folder for the store's files")
    Path dir;

    @Option(names = "--warmup-s", paramLabel = "S", description = "warm-up of each timed phase, seconds, may be 0 (default: 1)")
    String warmupSeconds;

    @Option(names = "--puts-warmup-s", paramLabel = "S",
            description = "warm-up of a store's puts, seconds, may be 0 (default: --warmup-s's)")
    String putsWarmupSeconds;

    @Option(names = "--round-s", paramLabel = "S", description = "time of one timed round, seconds (default: 0.4)")
    String roundSeconds;

    @Option(names = "--rounds", paramLabel = "N",
            description = "rounds that make each phase's figure, checked for a steady state (default: 5)")
    String rounds;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "rounds at the most, while the last --rounds are not steady (default: 10)")
    String maxRounds;

    @Option(names = "--sample", paramLabel = "N",
            description = "distinct users the codecs cycle through, at most --users (default: 10_000)")
    String sample;

    @Option(names = "--json", description = "print exactly one result record on stdout (progress goes to stderr)")
    boolean json;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;

    /**
     * Reads {@code args} into this object's fields, a repeated option's last value winning.
     *
     * @return the command line that read them (it knows whether {@code --help} was asked for)
     * @throws IllegalArgumentException one line naming the unknown option or the option without a value
     */
    CommandLine read(String[] args) {
        CommandLine command = new CommandLine(this).setOverwrittenOptionsAllowed(true);
        try {
            command.parseArgs(args);
            return command;
        } catch (ParameterException e) {
            throw new IllegalArgumentException(oneLine(e) + "; " + ContenderOptions.USAGE, e);
        }
    }

    private static String oneLine(ParameterException e) {
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            return "unknown option '" + unmatched.getUnmatched().getFirst() + "'";
        }
        if (e instanceof MissingParameterException missing && !missing.getMissing().isEmpty()) {
            ArgSpec arg = missing.getMissing().getFirst();
            if (arg instanceof OptionSpec option) {
                return option.longestName() + " needs a value";
            }
        }
        return e.getMessage().lines().findFirst().orElse("bad command line");
    }

    /**
     * The options read, checked.
     *
     * @throws IllegalArgumentException one line naming the bad value and what is allowed
     */
    ContenderOptions options() {
        long userCount = users == null ? ContenderOptions.DEFAULT_USERS : positiveLong(users, "--users");
        long sampleSize = sample == null ? ContenderOptions.DEFAULT_SAMPLE : positiveLong(sample, "--sample");
        double warmup = warmupSeconds == null ? 1 : seconds(warmupSeconds, "--warmup-s", true);
        double putsWarmup = putsWarmupSeconds == null ? warmup : seconds(putsWarmupSeconds, "--puts-warmup-s", true);
        double round = roundSeconds == null ? 0.4 : seconds(roundSeconds, "--round-s", false);
        int roundCount = rounds == null ? ContenderOptions.DEFAULT_ROUNDS : (int) Math.min(1000, positiveLong(rounds, "--rounds"));
        int roundsAtMost = maxRounds == null ? Math.max(roundCount, ContenderOptions.DEFAULT_MAX_ROUNDS)
                : (int) Math.min(1000, positiveLong(maxRounds, "--max-rounds"));
        if (roundsAtMost < roundCount) {
            throw new IllegalArgumentException("--max-rounds must be at least --rounds (" + roundCount + "), was "
                    + roundsAtMost);
        }
        if ((codecs ? 1 : 0) + (contender != null ? 1 : 0) + (server != null ? 1 : 0) != 1) {
            throw new IllegalArgumentException("give either --contender NAME or --codecs, or --server NAME; "
                    + ContenderOptions.USAGE);
        }
        if (contender != null && !Contenders.NAMES.contains(contender)) {
            throw new IllegalArgumentException("unknown contender '" + contender + "'; allowed: "
                    + String.join(", ", Contenders.NAMES));
        }
        if (contender != null && dir == null) {
            throw new IllegalArgumentException("--contender needs --dir, a folder for the store's files");
        }
        ServerOptions serverOptions = server == null ? null : serverOptions();
        if (serverOptions != null && serverOptions.startsRedis() && dir == null) {
            throw new IllegalArgumentException("--server " + server + " needs --dir, a folder for Redis's files");
        }
        Duration roundTime = Duration.ofNanos((long) (round * 1e9));
        return new ContenderOptions(contender, serverOptions, userCount, dir,
                new PhaseTiming(Duration.ofNanos((long) (warmup * 1e9)), roundTime, roundCount, roundsAtMost),
                new PhaseTiming(Duration.ofNanos((long) (putsWarmup * 1e9)), roundTime, roundCount, roundsAtMost),
                (int) Math.min(userCount, Math.min(Integer.MAX_VALUE, sampleSize)), json);
    }

    private ServerOptions serverOptions() {
        String fsync = durability == null ? null : durability.strip();
        if (ServerOptions.REDIS.equals(server)) {
            if (!"everysec".equals(fsync) && !"always".equals(fsync)) {
                throw new IllegalArgumentException("--server redis needs --durability everysec or always, was '" + durability + "'");
            }
            if (connect != null) {
                throw new IllegalArgumentException("--server redis starts its own Redis: no --connect");
            }
        } else if (ServerOptions.KVSERVE.equals(server)) {
            if (!"async".equals(fsync) && !"sync".equals(fsync)) {
                throw new IllegalArgumentException("--server kvserve needs --durability async or sync, was '" + durability + "'");
            }
            if (connect == null) {
                throw new IllegalArgumentException("--server kvserve needs --connect HOST:PORT, where kv serve answers RESP");
            }
        } else if (ServerOptions.PAIR.equals(server)) {
            if (!"async".equals(fsync)) {
                throw new IllegalArgumentException("--server pair needs --durability async (kv serve's, beside Redis's"
                        + " appendfsync everysec), was '" + durability + "'");
            }
            if (connect == null) {
                throw new IllegalArgumentException("--server pair needs --connect HOST:PORT, where kv serve answers RESP");
            }
            if (noLoad) {
                throw new IllegalArgumentException("--server pair loads both servers: no --no-load");
            }
        } else {
            throw new IllegalArgumentException("unknown server '" + server + "'; allowed: redis, kvserve, pair");
        }
        java.net.InetSocketAddress address = null;
        if (connect != null) {
            int colon = connect.lastIndexOf(':');
            int port = colon < 1 ? -1 : (int) Math.min(65536, positiveLong(connect.substring(colon + 1), "--connect's port"));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("--connect must be HOST:PORT, was '" + connect + "'");
            }
            address = new java.net.InetSocketAddress(connect.substring(0, colon), port);
        }
        List<String> testNames = tests == null ? List.of("get", "set") : List.of(tests.toLowerCase(java.util.Locale.ROOT).split(","));
        for (String test : testNames) {
            if (!test.equals("get") && !test.equals("set")) {
                throw new IllegalArgumentException("--tests are get and set, was '" + tests + "'");
            }
        }
        return new ServerOptions(server, fsync, address, testNames, counts(connections, "--connections", List.of(1, 4, 16)),
                counts(pipelines, "--pipelines", List.of(1, 16)), !noLoad);
    }

    private static List<Integer> counts(String text, String option, List<Integer> otherwise) {
        if (text == null) {
            return otherwise;
        }
        List<Integer> values = new java.util.ArrayList<>();
        for (String part : text.split(",")) {
            values.add((int) Math.min(10_000, positiveLong(part.strip(), option)));
        }
        return List.copyOf(values);
    }

    private static long positiveLong(String text, String option) {
        try {
            long n = Long.parseLong(text.replace("_", ""));
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be a positive whole number, was '" + text + "'");
    }

    private static double seconds(String text, String option, boolean zeroAllowed) {
        try {
            double s = Double.parseDouble(text);
            if (s > 0 || (zeroAllowed && s == 0)) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be a " + (zeroAllowed ? "non-negative" : "positive")
                + " number of seconds, was '" + text + "'");
    }
}
