package org.allocpool.kv.contenders;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine;

/**
 * One cell of the kv lab, in the JVM the lab started for it:
 * {@code --contender hashmap|allocpool|mapdb|chronicle|lmdb --users N --dir D --json} measures one
 * store, {@code --codecs --users N --json} the four codecs, each fresh and at its best. Prints exactly one result record on
 * stdout (experiment {@code kv}); {@code --server redis|kvserve --durability D} measures a server under
 * {@code redis-benchmark} ({@link ServerRun}). Progress goes to stderr. A contender that cannot start or fails
 * prints a failed record with the reason in one line and exits 1; bad options exit 2 ({@code --help}
 * lists them). Runs the cell on the main thread; the store it opens and its files are the cell's
 * and are closed before exit.
 */
public final class ContenderMain {

    static final String EXPERIMENT = "kv";
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;

    private ContenderMain() {
    }

    public static void main(String[] args) {
        ContenderArguments arguments = new ContenderArguments();
        ContenderOptions options;
        try {
            CommandLine command = arguments.read(args);
            if (command.isUsageHelpRequested()) {
                command.usage(System.out);
                System.exit(0);
                return;
            }
            options = arguments.options();
        } catch (IllegalArgumentException e) {
            System.err.println("kv contender: " + e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        }
        ResultRecord record = run(options, System.err);
        System.out.println(options.json() ? RecordJson.toLine(record) : readable(record));
        System.out.flush();
        // exit rather than return: a peer's library may have left non-daemon threads behind
        System.exit(ResultRecord.OK.equals(record.status()) ? 0 : EXIT_FAILED);
    }

    /** Runs the cell {@code options} describe and returns its record, ok or failed: never throws for a contender's failure. */
    static ResultRecord run(ContenderOptions options, PrintStream progress) {
        Map<String, Object> cell = new LinkedHashMap<>();
        ServerOptions server = options.server();
        if (server != null) {
            cell.put("contender", server.server() + "-" + server.durability());
        } else if (!options.codecs()) {
            cell.put("contender", options.contender());
        }
        cell.put("users", options.users());
        cell.put("mode", server != null ? "server" : options.codecs() ? "codecs" : "store");
        if (options.codecs()) {
            cell.put("sample", options.sample());
        }
        try {
            Object metrics = server != null
                    ? Map.of("server", new ServerRun(options.timing(), progress).measure(server, options.users(), options.dir()))
                    : options.codecs() ? codecs(options, progress) : store(options, progress);
            return ResultRecord.ok(EXPERIMENT, cell, Environment.current(), metrics);
        } catch (Exception | LinkageError | OutOfMemoryError e) {
            String why = e instanceof CouldNotStart ? e.getMessage() : reason(e);
            return ResultRecord.failed(EXPERIMENT, cell, Environment.current(), why);
        }
    }

    private static StoreMetrics store(ContenderOptions options, PrintStream progress) throws Exception {
        Files.createDirectories(options.dir());
        StoreContender store;
        try {
            store = Contenders.open(options.contender(), options.dir(), options.users());
        } catch (Exception | LinkageError e) {
            throw new CouldNotStart(reason(e), e);
        }
        try (store) {
            return new StoreRun(options.timing(), options.putsTiming(), progress).measure(store, options.users(), options.dir());
        }
    }

    private static Map<String, Object> codecs(ContenderOptions options, PrintStream progress) {
        List<User> sample = new ArrayList<>(options.sample());
        long stride = Math.max(1, options.users() / options.sample());
        for (int i = 0; i < options.sample(); i++) {
            sample.add(UserGenerator.user(i * stride));
        }
        CodecRun run = new CodecRun(options.timing(), progress);
        List<CodecMetrics> codecs = new ArrayList<>();
        for (LabCodec codec : List.of(new FlyweightLabCodec(), new ForyUserCodec(), new KryoUserCodec(), new JdkLabCodec())) {
            try (codec) {
                codecs.add(run.measure(codec, sample));
            }
        }
        return Map.of("codecs", codecs);
    }

    /** The root cause in one line: its class and message, as a peer that cannot start says why. */
    static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : ": " + root.getMessage();
        return (root.getClass().getSimpleName() + message).replaceAll("\\s*[\\r\\n]+\\s*", " | ").strip();
    }

    /** A store that failed to open: reported as "could not start", not as a failure while measuring. */
    static final class CouldNotStart extends Exception {
        private static final long serialVersionUID = 1L;

        CouldNotStart(String reason, Throwable cause) {
            super("could not start: " + reason, cause);
        }
    }

    private static String readable(ResultRecord record) {
        return record.status() + (record.error() != null ? ": " + record.error() : "") + "\n"
                + RecordJson.toLine(record);
    }
}
