package org.allocpool.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown file as the docs check reads it: its headings' anchors, its links, and its paragraphs
 * (prose and fenced code apart), each with the section heading it sits under. Read once, then
 * immutable; any thread.
 *
 * @param path       the file
 * @param anchors    its headings' anchors
 * @param links      every inline link's target, with its line
 * @param paragraphs its blocks of text: prose paragraphs, and each line of a fenced code block on its own
 * @param flagsOf    the command named by a {@code <!-- flags-of: allocpool kv -->} comment, the context of a
 *                   flag named in prose with no command beside it or in its heading; {@code null} when
 *                   there is none (the check then takes the main job, {@code allocpool lab})
 */
record MarkdownDoc(Path path, Anchors anchors, List<Link> links, List<Block> paragraphs, String flagsOf) {

    /** A link's target as written ({@code ../reference/cli.md#allocpool-lab}), at its line. */
    record Link(String target, int line) {
    }

    /**
     * A paragraph, or one line of code.
     *
     * @param text    its text, lines joined by spaces
     * @param code    whether it is a line of a fenced block (every command on it is a command line)
     * @param heading the heading of the section it sits in, "" before the first
     * @param line    its first line, from 1
     */
    record Block(String text, boolean code, String heading, int line) {
    }

    private static final Pattern LINK = Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FLAGS_OF = Pattern.compile("<!--\\s*flags-of:\\s*([^>]*?)\\s*-->");

    static MarkdownDoc read(Path path) throws IOException {
        List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        Anchors anchors = new Anchors();
        List<Link> links = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        String flagsOf = null;
        String heading = "";
        boolean fenced = false;
        StringBuilder paragraph = new StringBuilder();
        int paragraphLine = 0;
        // the text outside fenced code, line for line (a fenced line left empty): a link's text may wrap
        StringBuilder prose = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int number = i + 1;
            if (i > 0) {
                prose.append('\n');
            }
            if (line.strip().startsWith("```")) {
                paragraphLine = flush(paragraph, paragraphLine, heading, blocks);
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                blocks.add(new Block(line, true, heading, number));
                continue;
            }
            Matcher of = FLAGS_OF.matcher(line);
            if (of.find()) {
                flagsOf = of.group(1);
            }
            if (line.startsWith("#")) {
                paragraphLine = flush(paragraph, paragraphLine, heading, blocks);
                heading = line.replaceFirst("^#+\\s*", "");
                anchors.add(heading);
            } else if (line.startsWith("|")) {
                // a table row is a block of its own: a flag in one row is not named with another row's command
                paragraphLine = flush(paragraph, paragraphLine, heading, blocks);
                blocks.add(new Block(line, false, heading, number));
            } else if (line.isBlank()) {
                paragraphLine = flush(paragraph, paragraphLine, heading, blocks);
            } else {
                if (line.matches("\\s{0,3}(?:[-*]|\\d+\\.)\\s.*")) {
                    // a list item is a block of its own, as a paragraph is
                    paragraphLine = flush(paragraph, paragraphLine, heading, blocks);
                }
                if (paragraph.isEmpty()) {
                    paragraphLine = number;
                }
                paragraph.append(line).append(' ');
            }
            prose.append(line);
        }
        flush(paragraph, paragraphLine, heading, blocks);
        Matcher link = LINK.matcher(prose);
        while (link.find()) {
            int line = 1 + (int) prose.substring(0, link.start()).chars().filter(c -> c == '\n').count();
            links.add(new Link(link.group(1), line));
        }
        // an explicit <a id="..."></a> or <a name="..."> is an anchor too
        Matcher explicit = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"").matcher(String.join("\n", lines));
        while (explicit.find()) {
            anchors.add(explicit.group(1));
        }
        return new MarkdownDoc(path, anchors, List.copyOf(links), List.copyOf(blocks), flagsOf);
    }

    private static int flush(StringBuilder paragraph, int line, String heading, List<Block> into) {
        if (!paragraph.isEmpty()) {
            into.add(new Block(paragraph.toString().strip(), false, heading, line));
            paragraph.setLength(0);
        }
        return 0;
    }
}
