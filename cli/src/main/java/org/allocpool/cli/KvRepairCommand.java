package org.allocpool.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.RepairReport;
import org.allocpool.kv.store.StoreRepair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool kv repair}: mends a damaged store in {@code --dir} ({@link StoreRepair}), keeping
 * the original file beside it, and prints what was kept and dropped. Progress goes to stderr.
 */
@Command(name = "repair", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Mends the store in --dir after a machine crash left it truncated or with damaged pages (what kv serve "
                + "and kv check call damaged): keeps every entry whose checksum holds, drops the rest, and prints how "
                + "many entries were kept and dropped, and why (bad checksum, torn or truncated, bad key).",
            "A key whose slot was damaged is rebuilt from the value log (its newest whole entry), unless a removed "
                + "slot names it. A remove only marks the key's slot: where that mark was damaged too, a removed key "
                + "can come back; and a key whose newest entry was damaged while its slot was too may come back with "
                + "an older value. A damaged header (the first 4 KiB) cannot be repaired.",
            "The original file is not changed: the repaired store is written as store.kv.repair, forced and checked, "
                + "then the original is kept as store.kv.damaged (a second name of the same file, or a copy) and the "
                + "repaired one renamed over store.kv. A sound store is left as it is, unless --force.",
            "No server may have the store open (its lock is taken).",
            ""},
        footer = {"", "Exit codes: 0 repaired (or nothing to repair), 1 the store cannot be repaired or opened "
                + "(not a store, damaged header, in use), 2 bad input (no store in --dir)."})
final class KvRepairCommand implements Callable<Integer> {

    /** Below this many bytes of log, a repair takes well under a second: no progress lines. */
    static final long PROGRESS_FROM_BYTES = 64L << 20;

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "the store's directory")
    Path dir;

    @Option(names = "--force", description = "rebuild the store even when nothing looks damaged: brings back the "
            + "keys of a slot-table page that was zeroed, which reads as empty slots to kv check and kv serve")
    boolean force;

    @Override
    public Integer call() {
        KvCommand.existingStore(dir);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long fileBytes = sizeOf(dir.resolve(MappedStore.FILE_NAME));
        RepairReport report;
        try {
            report = StoreRepair.repair(dir, force, scanned -> {
                if (fileBytes >= PROGRESS_FROM_BYTES) {
                    err.println(String.format(Locale.ROOT, "kv repair: %,d MiB of the log scanned (file: %,d MiB)",
                            scanned >> 20, fileBytes >> 20));
                    err.flush();
                }
            });
        } catch (IOException | UncheckedIOException e) {
            err.println("allocpool: kv repair: " + KvCommand.reason(e));
            err.flush();
            return 1;
        }
        out.print(report.render());
        out.flush();
        return 0;
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
