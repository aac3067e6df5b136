package org.allocpool.kv.contenders;

import java.nio.file.Path;
import java.time.Duration;
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
        description = {"One cell of the kv lab in a JVM of its own: measures one store (--contender NAME --dir DIR) "
                + "or the record codecs (--codecs), and prints one result record.", ""},
        footer = {"", "Exit codes: 0 ok, 1 the contender failed (a failed record), 2 bad options."})
final class ContenderArguments {

    @Option(names = "--contender", paramLabel = "NAME",
            description = "the store to measure: hashmap, allocpool, mapdb, chronicle or lmdb (needs --dir)")
    String contender;

    @Option(names = "--codecs", description = "measure the record codecs instead of a store")
    boolean codecs;

    @Option(names = "--users", paramLabel = "N",
            description = "users to load, or to draw the codecs' sample from (default: 1_000_000)")
    String users;

    @Option(names = "--dir", paramLabel = "DIR", description = "a folder for the store's files")
    Path dir;

    @Option(names = "--warmup-s", paramLabel = "S", description = "warm-up of each timed phase, seconds, may be 0 (default: 1)")
    String warmupSeconds;

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
        double round = roundSeconds == null ? 0.4 : seconds(roundSeconds, "--round-s", false);
        int roundCount = rounds == null ? ContenderOptions.DEFAULT_ROUNDS : (int) Math.min(1000, positiveLong(rounds, "--rounds"));
        int roundsAtMost = maxRounds == null ? Math.max(roundCount, ContenderOptions.DEFAULT_MAX_ROUNDS)
                : (int) Math.min(1000, positiveLong(maxRounds, "--max-rounds"));
        if (roundsAtMost < roundCount) {
            throw new IllegalArgumentException("--max-rounds must be at least --rounds (" + roundCount + "), was "
                    + roundsAtMost);
        }
        if (codecs == (contender != null)) {
            throw new IllegalArgumentException("give either --contender NAME or --codecs; " + ContenderOptions.USAGE);
        }
        if (contender != null && !Contenders.NAMES.contains(contender)) {
            throw new IllegalArgumentException("unknown contender '" + contender + "'; allowed: "
                    + String.join(", ", Contenders.NAMES));
        }
        if (contender != null && dir == null) {
            throw new IllegalArgumentException("--contender needs --dir, a folder for the store's files");
        }
        return new ContenderOptions(contender, userCount, dir,
                new PhaseTiming(Duration.ofNanos((long) (warmup * 1e9)), Duration.ofNanos((long) (round * 1e9)), roundCount,
                        roundsAtMost),
                (int) Math.min(userCount, Math.min(Integer.MAX_VALUE, sampleSize)), json);
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
