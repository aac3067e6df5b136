package org.allocpool.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.allocpool.kv.store.CheckReport;
import org.allocpool.kv.store.StoreCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool kv check}: verifies the store in {@code --dir} without changing it and prints
 * what it found. Exit code 0 when sound, 1 when problems were found, 2 when there is no store.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {
            "Verifies the store file in --dir without changing it: its header, every slot and the entry it points "
                + "at (length and checksum); prints entries, space and every problem found.",
            "Reads a snapshot: a store another process is writing may show its latest writes or not.",
            ""},
        footer = {"", "A damaged store (truncated, or entries failing their checks) ends the report with a line "
                + "naming kv repair, which mends it.",
            "", "Exit codes: 0 sound, 1 problems found (or the file could not be read), 2 no store in --dir."})
final class KvCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "the store's directory")
    Path dir;

    @Override
    public Integer call() {
        KvCommand.existingStore(dir);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CheckReport report;
        try {
            report = StoreCheck.check(dir);
        } catch (IOException | UncheckedIOException e) {
            err.println("allocpool: kv check: " + KvCommand.reason(e));
            err.flush();
            return 1;
        }
        out.print(report.render());
        if (report.repairable()) {
            out.println("repair    " + KvCommand.repairHint(dir));
        }
        out.flush();
        return report.isHealthy() ? 0 : 1;
    }
}
