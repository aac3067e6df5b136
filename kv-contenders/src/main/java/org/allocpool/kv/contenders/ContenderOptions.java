package org.allocpool.kv.contenders;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link ContenderMain}, parsed and checked. Immutable.
 *
 * @param contender the store contender, or {@code null} for the codecs run
 * @param users     users to load (store) or to draw the sample from (codecs)
 * @param dir       the folder for the store's files (store runs only)
 * @param timing    warm-up and measured time of each timed phase
 * @param sample    distinct users the codecs cycle through
 * @param json      print exactly one result record on stdout
 */
record ContenderOptions(String contender, long users, Path dir, PhaseTiming timing, int sample, boolean json) {

    static final String USAGE = "usage: ContenderMain (--contender " + String.join("|", Contenders.NAMES)
            + " --dir DIR | --codecs) [--users N] [--warmup-s S] [--seconds S] [--sample N] [--json]";

    static final long DEFAULT_USERS = 1_000_000;
    static final int DEFAULT_SAMPLE = 10_000;

    boolean codecs() {
        return contender == null;
    }

    /**
     * Parses {@code args}.
     *
     * @throws IllegalArgumentException one line naming the bad value and what is allowed
     */
    static ContenderOptions parse(String[] args) {
        String contender = null;
        boolean codecs = false;
        long users = DEFAULT_USERS;
        Path dir = null;
        double warmup = 1;
        double seconds = 2;
        Integer sample = null;
        boolean json = false;
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String option = rest.removeFirst();
            switch (option) {
                case "--contender" -> contender = value(rest, option);
                case "--codecs" -> codecs = true;
                case "--users" -> users = positiveLong(value(rest, option), option);
                case "--dir" -> dir = Path.of(value(rest, option));
                case "--warmup-s" -> warmup = seconds(value(rest, option), option, true);
                case "--seconds" -> seconds = seconds(value(rest, option), option, false);
                case "--sample" -> sample = (int) Math.min(Integer.MAX_VALUE, positiveLong(value(rest, option), option));
                case "--json" -> json = true;
                default -> throw new IllegalArgumentException("unknown option '" + option + "'; " + USAGE);
            }
        }
        if (codecs == (contender != null)) {
            throw new IllegalArgumentException("give either --contender NAME or --codecs; " + USAGE);
        }
        if (contender != null && !Contenders.NAMES.contains(contender)) {
            throw new IllegalArgumentException("unknown contender '" + contender + "'; allowed: "
                    + String.join(", ", Contenders.NAMES));
        }
        if (contender != null && dir == null) {
            throw new IllegalArgumentException("--contender needs --dir, a folder for the store's files");
        }
        int drawn = (int) Math.min(users, sample != null ? sample : DEFAULT_SAMPLE);
        return new ContenderOptions(contender, users, dir,
                new PhaseTiming(Duration.ofNanos((long) (warmup * 1e9)), Duration.ofNanos((long) (seconds * 1e9))),
                drawn, json);
    }

    private static String value(List<String> rest, String option) {
        if (rest.isEmpty()) {
            throw new IllegalArgumentException(option + " needs a value; " + USAGE);
        }
        return rest.removeFirst();
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
