package org.allocpool.kv.contenders;

import java.nio.file.Path;

/**
 * The command line of {@link ContenderMain}, parsed and checked. Immutable.
 *
 * @param contender the store contender, or {@code null} for the codecs or a server
 * @param server    the server cell ({@code --server}), or {@code null}
 * @param users     users to load (store) or to draw the sample from (codecs)
 * @param dir       the folder for the store's files (store runs only)
 * @param timing    warm-up and rounds of each timed phase
 * @param putsTiming the same for a store's puts, whose warm-up may be longer ({@code --puts-warmup-s})
 * @param sample    distinct users the codecs cycle through
 * @param json      print exactly one result record on stdout
 */
record ContenderOptions(String contender, ServerOptions server, long users, Path dir, PhaseTiming timing,
                        PhaseTiming putsTiming, int sample, boolean json) {

    static final String USAGE = "usage: ContenderMain (--contender " + String.join("|", Contenders.NAMES)
            + " --dir DIR | --codecs | --server redis --durability everysec|always --dir DIR"
            + " | --server kvserve --durability async|sync --connect HOST:PORT) [--tests get,set] [--connections 1,4,16]"
            + " [--pipelines 1,16] [--no-load] [--users N] [--warmup-s S] [--puts-warmup-s S] [--round-s S] [--rounds N] [--max-rounds N] [--sample N]"
            + " [--json] [--help]";

    static final long DEFAULT_USERS = 1_000_000;
    static final int DEFAULT_SAMPLE = 10_000;
    static final int DEFAULT_ROUNDS = 5;
    static final int DEFAULT_MAX_ROUNDS = 10;

    boolean codecs() {
        return contender == null && server == null;
    }

    /**
     * Parses {@code args} (with picocli, see {@link ContenderArguments}) and checks them.
     *
     * @throws IllegalArgumentException one line naming the bad value and what is allowed
     */
    static ContenderOptions parse(String[] args) {
        ContenderArguments arguments = new ContenderArguments();
        arguments.read(args);
        return arguments.options();
    }
}
