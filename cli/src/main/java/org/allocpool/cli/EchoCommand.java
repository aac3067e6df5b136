package org.allocpool.cli;

import java.time.Duration;
import java.util.concurrent.Callable;
import org.allocpool.lab.text.DurationText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool echo}: the echo experiment's commands, {@code serve}, {@code bench} and
 * {@code replay}. Without a subcommand it prints its usage. Picocli makes one instance per run.
 */
@Command(name = "echo", mixinStandardHelpOptions = true,
        description = {
            "The echo experiment, after \"Java is very fast if you don't create many objects\" (Chronicle Wire's "
                + "channel benchmark: 16 clients echo 44-byte TopOfBook events through a service) and a Netty case "
                + "study (1 KB messages, one pre-allocated buffer per thread for encode and decode).",
            "",
            "serve runs the TCP echo service; bench loads one and measures events/s, round-trip latency, the "
                + "server's allocated bytes per event and its GC; replay sends events written as YAML and prints the "
                + "replies as YAML.",
            ""},
        subcommands = {EchoServeCommand.class, EchoBenchCommand.class, EchoReplayCommand.class})
final class EchoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return AllocpoolMain.EXIT_USAGE;
    }

    /** A duration option; zero allowed when {@code zeroAllowed} (a warm-up). */
    static Duration duration(String option, String text, boolean zeroAllowed) {
        String t = text == null ? "" : text.strip();
        if (zeroAllowed && t.matches("0+(ms|s|m|h)?")) {
            return Duration.ZERO;
        }
        try {
            return DurationText.parse(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a duration; allowed: a positive "
                    + "number of seconds or e.g. 30s, 2m, 500ms" + (zeroAllowed ? ", or 0" : ""));
        }
    }
}
