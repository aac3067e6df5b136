package org.allocpool.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command-line reference, {@code docs/reference/cli.md}, made from the picocli annotations
 * themselves: every command's own {@code --help} text, at a fixed width, under a heading naming it.
 * A flag and its text so have one source, the annotation; {@link DocsCheckTest} fails when the file
 * is not what this renders, and {@code -Dallocpool.docs.write=true} writes it.
 *
 * <p>picocli's own generator ({@code picocli-codegen}'s {@code ManPageGenerator}) writes AsciiDoc man
 * pages, one file a command; one Markdown page that GitHub shows and the docs check can link into
 * is a walk over {@link CommandSpec} of a few lines, so no dependency is added for it.
 * Stateless; any thread.
 */
final class CliReference {

    /** The width the help is wrapped at: fixed, so that the file does not depend on the terminal that made it. */
    static final int WIDTH = 100;

    private CliReference() {
    }

    /** The reference of {@code root} and every command under it, depth first, in the order picocli lists them. */
    static String render(CommandLine root) {
        StringBuilder out = new StringBuilder();
        out.append("# Command-line reference\n\n")
                .append("Generated from the picocli annotations by `CliReference` (cli module, tests); do not edit by hand.\n")
                .append("After changing a command's options or texts, regenerate it with\n")
                .append("`./mvnw -o -q -pl cli -am test -Dtest=DocsCheckTest -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dallocpool.docs.write=true`;\n")
                .append("the suite's docs check fails while it is stale.\n\n");
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        for (CommandLine command : all) {
            out.append("- [`").append(qualifiedName(command)).append("`](#").append(Anchors.slug(qualifiedName(command)))
                    .append(")\n");
        }
        for (CommandLine command : all) {
            command.getCommandSpec().usageMessage().width(WIDTH).autoWidth(false);
            out.append("\n## ").append(qualifiedName(command)).append("\n\n```text\n")
                    .append(stripTrailingSpaces(command.getUsageMessage(CommandLine.Help.Ansi.OFF)))
                    .append("```\n");
        }
        return out.toString();
    }

    /** Every command under {@code root}, itself first, each once (an alias is not a second command). */
    static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        return all;
    }

    /** {@code allocpool lab kv}: the names from the root down. */
    static String qualifiedName(CommandLine command) {
        return command.getCommandSpec().qualifiedName(" ");
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    private static String stripTrailingSpaces(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            out.append(line.stripTrailing()).append('\n');
        }
        // split keeps the text's last newline as an empty last line: one newline at the end, not two
        while (out.length() > 1 && out.charAt(out.length() - 1) == '\n' && out.charAt(out.length() - 2) == '\n') {
            out.setLength(out.length() - 1);
        }
        return out.toString();
    }
}
