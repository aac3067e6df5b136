package org.allocpool.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Which {@code --flags} each {@code allocpool} command has, from its picocli model, and the command
 * lines a text names: {@code ./allocpool lab kv --users 5000000} is the command {@code allocpool lab kv}
 * with the flag {@code --users}. Immutable once made; any thread.
 */
final class CommandFlags {

    /** Words the launcher script handles itself, before the command line: not picocli commands. */
    static final Set<String> LAUNCHER_WORDS = Set.of("test", "jmh", "instructions");

    /**
     * Flags of other programs that the docs name (the JVM's, valgrind's, ...): accepted anywhere,
     * since no allocpool command has them. A flag of ours is never listed here.
     */
    static final Set<String> FOREIGN = Set.of("--enable-native-access", "--add-opens", "--add-exports", "--add-reads",
            "--sun-misc-unsafe-memory-access", "--patch-module", "--module-path", "--class-path", "--tool",
            "--cache-sim", "--dump-instr", "--collect-atstart", "--toggle-collect", "--events", "--json-out",
            "--release", "--illegal-native-access", "--cpus", "--memory", "--rm", "--volume", "--file", "--tag",
            "--save", "--appendfsync", "--bind",
            // the kv lab's children (kv-contenders), passed on by lab kv
            "--puts-warmup-s", "--appendonly", "--daemonize", "--privileged", "--pull",
            // the instructions script's (native/instructions-per-packet, run by ./allocpool instructions)
            "--cache", "--listing");

    private static final Pattern FLAG = Pattern.compile("--[a-z0-9][a-z0-9-]*");
    private static final Pattern COMMAND = Pattern.compile("(?:^|[\\s`/(\"'])allocpool\\s+([^`|;&#)\\n]*)");

    private final CommandLine root;

    CommandFlags(CommandLine root) {
        this.root = root;
    }

    /** One command line found in a text: the command and the flags after it. */
    record Use(CommandLine command, String words, List<String> flags) {
    }

    /**
     * The command a list of words names from the root ({@code lab kv}: {@code allocpool lab kv}); the
     * deepest subcommand that the words name, or {@code null} when the first is no command.
     */
    CommandLine resolve(List<String> words) {
        CommandLine at = root;
        for (String word : words) {
            CommandLine sub = at.getSubcommands().get(word);
            if (sub == null) {
                break;
            }
            at = sub;
        }
        return at == root && !words.isEmpty() && !words.getFirst().startsWith("-") ? null : at;
    }

    /** Every {@code allocpool ...} command line in {@code text}; a launcher word's line is left out. */
    List<Use> usesIn(String text) {
        List<Use> uses = new ArrayList<>();
        Matcher m = COMMAND.matcher(text);
        while (m.find()) {
            use(m.group(1)).ifPresent(uses::add);
        }
        return uses;
    }

    /**
     * {@code span} (an inline code span) read as a command line when it starts with a command's name
     * ({@code lab kv --contender codecs}, {@code kv serve}); empty otherwise.
     */
    java.util.Optional<Use> spanCommand(String span) {
        String first = span.strip().split("\\s+")[0];
        if (!root.getSubcommands().containsKey(first)) {
            return java.util.Optional.empty();
        }
        return use(span);
    }

    private java.util.Optional<Use> use(String rest) {
        List<String> tokens = List.of(rest.strip().split("\\s+"));
        if (tokens.isEmpty() || tokens.getFirst().isEmpty() || LAUNCHER_WORDS.contains(tokens.getFirst())) {
            return java.util.Optional.empty();
        }
        List<String> words = new ArrayList<>();
        for (String token : tokens) {
            if (!token.matches("[a-z][a-z0-9-]*")) {
                break;
            }
            words.add(token);
        }
        CommandLine command = resolve(words);
        if (command == null) {
            return java.util.Optional.of(new Use(null, String.join(" ", words), List.of()));
        }
        return java.util.Optional.of(new Use(command, String.join(" ", words), flagsIn(rest)));
    }

    /** The flags named in {@code text}: {@code --shard K/N} and {@code [--threshold 15%]} name one each. */
    static List<String> flagsIn(String text) {
        Set<String> flags = new LinkedHashSet<>();
        for (String token : text.split("\\s+")) {
            String t = token.replaceFirst("^[\\[(`'\"]+", "");
            Matcher m = FLAG.matcher(t);
            if (m.lookingAt()) {
                flags.add(m.group());
            }
        }
        return List.copyOf(flags);
    }

    /** Whether {@code command} takes {@code flag}, a negated {@code --no-x} form included. */
    static boolean has(CommandLine command, String flag) {
        CommandSpec spec = command.getCommandSpec();
        return spec.findOption(flag) != null || spec.negatedOptionsMap().containsKey(flag);
    }

    /**
     * Whether {@code command}, or another command of its family (under the same top-level command:
     * {@code kv serve} and {@code kv bench}, {@code lab} and {@code lab kv}), takes {@code flag}: prose
     * that names {@code kv serve} may go on to name a flag of {@code kv bench}, never one of {@code analyzer}.
     */
    static boolean familyHas(CommandLine command, String flag) {
        CommandLine top = command;
        while (top.getParent() != null && top.getParent().getParent() != null) {
            top = top.getParent();
        }
        if (top.getParent() == null) {
            return has(top, flag);
        }
        return CliReference.commands(top).stream().anyMatch(c -> has(c, flag));
    }

    /** Whether any command takes {@code flag}. */
    boolean anywhere(String flag) {
        return CliReference.commands(root).stream().anyMatch(c -> has(c, flag));
    }

    /** {@code allocpool lab kv}. */
    static String name(CommandLine command) {
        return CliReference.qualifiedName(command);
    }
}
