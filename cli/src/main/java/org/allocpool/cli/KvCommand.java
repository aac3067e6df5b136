package org.allocpool.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.allocpool.kv.store.MappedStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool kv}: the persistent off-heap key-value store of "A persistent KeyValue Server in
 * 40 lines and a sad fact": serve it over TCP and HTTP, check a store's file,
 * repair a damaged one, load-test a server.
 * Without a subcommand, prints its usage and exits with code 2.
 */
@Command(name = "kv", mixinStandardHelpOptions = true,
        description = {
            "The persistent off-heap key-value store (long and byte-string keys, byte values, one memory-mapped file)"
                + " and its server: a binary TCP protocol, HTTP with JSON users and RESP2 for Redis clients, on Netty.",
            ""},
        subcommands = {KvServeCommand.class, KvCheckCommand.class, KvRepairCommand.class, KvBenchCommand.class},
        footer = {"", "Exit codes: 0 ok, 1 failed (or, for check, problems found), 2 bad input."})
final class KvCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return AllocpoolMain.EXIT_USAGE;
    }

    /** Refuses a {@code --dir} that is not a directory, naming it. */
    static Path existingDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--dir '" + dir + "' is not a directory"
                    + (Files.exists(dir) ? "" : " (it does not exist)"));
        }
        return dir;
    }

    /** {@code dir}, when it is a directory that holds a store file; otherwise a one-line error naming it. */
    static Path existingStore(Path dir) {
        existingDirectory(dir);
        if (!Files.isRegularFile(dir.resolve(MappedStore.FILE_NAME))) {
            throw new IllegalArgumentException("--dir '" + dir + "' holds no store (no " + MappedStore.FILE_NAME + ")");
        }
        return dir;
    }

    /**
     * The line that sends a user with a damaged store to {@code kv repair}, naming the command to run
     * as this launcher spells it.
     */
    static String repairHint(Path dir) {
        return "run ./allocpool kv repair --dir " + dir + " (keeps every entry whose checksum holds, drops the rest, "
                + "and keeps the original file beside it)";
    }

    /** An I/O failure in one line: its message (which names the file or address), or its type. */
    static String reason(Exception e) {
        Throwable t = e instanceof java.io.UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
        String message = t.getMessage();
        return message == null ? t.getClass().getName() : message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
