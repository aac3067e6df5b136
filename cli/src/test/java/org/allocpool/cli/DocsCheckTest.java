package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.allocpool.lab.run.QuickProfileTimes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * The documentation kept honest by the suite: every {@code --flag} a Markdown file names exists on the
 * command it is named with, every relative link and anchor resolves, the generated command-line
 * reference is current, quick-profile times are stated in one table (the README's, equal to
 * {@link QuickProfileTimes}), no page repeats a claim the code contradicts, and the files in
 * {@code deploy/} parse and name only real flags. Reads files only: no network, a few seconds.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DocsCheckTest {

    private static final Pattern SPAN = Pattern.compile("`([^`\\n]+)`");
    /** A quick profile's duration stated in prose: the one table owns those. */
    private static final Pattern QUICK_TIME = Pattern.compile(
            "(?i)quick[^.\\n|]{0,80}?\\b(?:about|under|at most|within|roughly)\\s+\\d+(?:[.,-]\\d+)?\\s*(?:to\\s+\\d+\\s*)?min");
    /**
     * Claims the code contradicts, each with the reason; a page or a help text that makes one again fails.
     */
    private static final Map<Pattern, String> CONTRADICTED = Map.of(
            Pattern.compile("(?i)probe[^.]{0,60}fresh JVM|fresh JVM[^.]{0,60}probe"),
            "a Java cell's real-time probes all run in the fork's one JVM, on the workload brought once to its"
                    + " steady state (IntervalFinder); only the C++ analyser starts a process per probe",
            Pattern.compile("(?i)format version stays 2"), "the store's format is version 5 (HeaderLayout.VERSION)",
            Pattern.compile("(?i)growth copies all live data"),
            "a log of live entries grows in place, nothing copied (StoreGrowth.extendInPlace)",
            Pattern.compile("(?i)long keys, byte values"), "the store takes long and byte-string keys (ByteKey)");

    /** The command a page's flags belong to when neither the paragraph, its heading nor the page names one: the main job. */
    private static final String DEFAULT_COMMAND = "allocpool lab";

    private static Path root;
    private static List<MarkdownDoc> docs;
    private static CommandLine commandLine;
    private static CommandFlags flags;

    @BeforeAll
    static void readDocs() throws IOException {
        root = repositoryRoot();
        List<Path> files = new ArrayList<>();
        for (String top : List.of("README.md", "CONTRIBUTING.md", "CHANGELOG.md")) {
            if (Files.exists(root.resolve(top))) {
                files.add(root.resolve(top));
            }
        }
        for (String dir : List.of("docs", "deploy")) {
            if (Files.isDirectory(root.resolve(dir))) {
                try (Stream<Path> walk = Files.walk(root.resolve(dir))) {
                    walk.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
                }
            }
        }
        docs = new ArrayList<>();
        for (Path file : files) {
            docs.add(MarkdownDoc.read(file));
        }
        commandLine = AllocpoolMain.commandLine();
        flags = new CommandFlags(commandLine);
    }

    @Test
    void shouldResolveEveryRelativeLinkAndAnchor() throws IOException {
        Map<Path, MarkdownDoc> byPath = new TreeMap<>();
        for (MarkdownDoc doc : docs) {
            byPath.put(doc.path().normalize(), doc);
        }
        List<String> broken = new ArrayList<>();
        for (MarkdownDoc doc : docs) {
            for (MarkdownDoc.Link link : doc.links()) {
                String target = link.target();
                if (target.matches("^[a-z][a-z0-9+.-]*:.*") || target.startsWith("//")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path to = file.isEmpty() ? doc.path() : doc.path().getParent().resolve(file).normalize();
                String where = root.relativize(doc.path()) + ":" + link.line() + ": " + target;
                if (!to.startsWith(root)) {
                    broken.add(where + " (points outside the repository)");
                } else if (!Files.exists(to)) {
                    broken.add(where + " (no such file)");
                } else if (anchor != null && to.toString().endsWith(".md")) {
                    MarkdownDoc into = byPath.containsKey(to) ? byPath.get(to) : MarkdownDoc.read(to);
                    if (!into.anchors().has(anchor)) {
                        broken.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "links that lead nowhere");
    }

    @Test
    void shouldNameOnlyFlagsTheNamedCommandHas() {
        List<String> wrong = new ArrayList<>();
        for (MarkdownDoc doc : docs) {
            if (isHistory(doc.path()) || doc.path().endsWith(Path.of("docs/reference/cli.md"))) {
                continue; // dated results and the changelog quote commands as they were run then; cli.md is the help itself
            }
            for (MarkdownDoc.Block block : doc.paragraphs()) {
                checkBlock(doc, block, wrong);
            }
        }
        assertEquals(List.of(), wrong, "flags not on the command they are named with");
    }

    private static void checkBlock(MarkdownDoc doc, MarkdownDoc.Block block, List<String> wrong) {
        String where = root.relativize(doc.path()) + ":" + block.line() + ": ";
        if (block.code()) {
            for (CommandFlags.Use use : flags.usesIn(block.text())) {
                checkUse(use, where, wrong);
            }
            return;
        }
        // a flag named alone in prose belongs to the command named last before it in the paragraph, else to
        // the section heading's command, else to the file's <!-- flags-of: ... -->, else to the main job, lab
        List<CommandLine> fallback = commandsNamedIn(block.heading());
        if (fallback.isEmpty()) {
            fallback = commandsNamedIn("`" + (doc.flagsOf() != null ? doc.flagsOf() : DEFAULT_COMMAND) + "`");
        }
        CommandLine last = null;
        Matcher span = SPAN.matcher(block.text());
        while (span.find()) {
            String text = span.group(1);
            List<CommandFlags.Use> uses = new ArrayList<>(flags.usesIn(text));
            if (uses.isEmpty()) {
                flags.spanCommand(text).ifPresent(uses::add);
            }
            if (!uses.isEmpty()) {
                for (CommandFlags.Use use : uses) {
                    checkUse(use, where, wrong);
                    if (use.command() != null) {
                        last = use.command();
                    }
                }
            } else if (text.startsWith("--")) {
                List<CommandLine> context = last != null ? List.of(last) : fallback;
                for (String flag : CommandFlags.flagsIn(text)) {
                    checkLone(flag, context, where, wrong);
                }
            }
        }
    }

    private static void checkLone(String flag, List<CommandLine> context, String where, List<String> wrong) {
        if (!flags.anywhere(flag)) {
            if (!CommandFlags.FOREIGN.contains(flag)) {
                wrong.add(where + flag + " is no option of any allocpool command (and not a known flag of another program)");
            }
        } else if (!context.isEmpty() && context.stream().noneMatch(c -> CommandFlags.familyHas(c, flag))) {
            wrong.add(where + flag + " is named with " + context.stream().map(CommandFlags::name).toList()
                    + ", which does not take it");
        }
    }

    private static List<CommandLine> commandsNamedIn(String text) {
        List<CommandLine> named = new ArrayList<>();
        Matcher span = SPAN.matcher(text);
        while (span.find()) {
            List<CommandFlags.Use> uses = new ArrayList<>(flags.usesIn(span.group(1)));
            if (uses.isEmpty()) {
                flags.spanCommand(span.group(1)).ifPresent(uses::add);
            }
            uses.stream().map(CommandFlags.Use::command).filter(c -> c != null).forEach(named::add);
        }
        return named;
    }

    private static void checkUse(CommandFlags.Use use, String where, List<String> wrong) {
        if (use.command() == null) {
            wrong.add(where + "'allocpool " + use.words() + "' is no command");
            return;
        }
        for (String flag : use.flags()) {
            if (!CommandFlags.has(use.command(), flag) && !CommandFlags.FOREIGN.contains(flag)) {
                wrong.add(where + flag + " is no option of '" + CommandFlags.name(use.command()) + "'");
            }
        }
    }

    /**
     * CONTRIBUTING.md is what a newcomer follows alone: every class and source file it names must exist
     * (but the toy experiment's, which the reader writes, and the style rules' illustrations).
     */
    @Test
    void shouldNameOnlyClassesAndFilesThatExistInContributing() throws IOException {
        Set<String> illustrations = Set.of("Helper", "Impl", "Manager", "Util", "Optional", "VarHandle", "Verdict",
                "PacketSlab", "MethodHandle", "MemorySegment", "Long", "Double");
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(root)) {
            sources = walk.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !root.relativize(f).toString().contains("target" + File.separator)).toList();
        }
        Set<String> classes = new java.util.HashSet<>();
        sources.forEach(f -> classes.add(f.getFileName().toString().replace(".java", "")));
        List<String> missing = new ArrayList<>();
        Matcher span = SPAN.matcher(Files.readString(root.resolve("CONTRIBUTING.md"), StandardCharsets.UTF_8));
        while (span.find()) {
            String text = span.group(1);
            if (text.contains("Toy") || text.contains("toy")) {
                continue;
            }
            Matcher name = Pattern.compile("([A-Z][A-Za-z0-9]+)(?:\\.java)?").matcher(text);
            if (name.matches() && !classes.contains(name.group(1)) && !illustrations.contains(name.group(1))) {
                missing.add(text);
            }
            if (text.contains("/") && text.endsWith(".java")) {
                Pattern path = Pattern.compile(Pattern.quote(text).replace("...", "\\E.*\\Q"));
                if (sources.stream().noneMatch(f -> path.matcher(root.relativize(f).toString().replace(File.separatorChar, '/')).matches())) {
                    missing.add(text);
                }
            }
        }
        assertEquals(List.of(), missing, "CONTRIBUTING.md names classes or files that do not exist");
    }

    @Test
    void shouldKeepTheGeneratedCliReferenceCurrent() throws IOException {
        Path file = root.resolve("docs/reference/cli.md");
        String now = CliReference.render(AllocpoolMain.commandLine());
        if (Boolean.getBoolean("allocpool.docs.write")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, now, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(file), file + " is missing: run this test with -Dallocpool.docs.write=true");
        assertEquals(now, Files.readString(file, StandardCharsets.UTF_8),
                "docs/reference/cli.md is stale: run DocsCheckTest with -Dallocpool.docs.write=true");
    }

    @Test
    void shouldStateQuickProfileTimesInTheReadmeTableOnly() throws IOException {
        List<String> readme = Files.readAllLines(root.resolve("README.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (QuickProfileTimes.Entry entry : QuickProfileTimes.all()) {
            String command = entry.experiment().equals("analyzer") ? "`./allocpool lab`" : "`./allocpool lab " + entry.experiment() + "`";
            boolean row = readme.stream().anyMatch(l -> l.startsWith("|") && l.contains(command) && l.contains(entry.stated())
                    && l.contains(entry.measured()));
            if (!row) {
                missing.add(entry.experiment() + ": no README table row with " + command + ", '" + entry.stated() + "' and '"
                        + entry.measured() + "'");
            }
        }
        assertEquals(List.of(), missing, "the README's experiment table must state QuickProfileTimes' times");
        List<String> elsewhere = new ArrayList<>();
        for (MarkdownDoc doc : docs) {
            if (isHistory(doc.path()) || doc.path().endsWith(Path.of("docs/reference/cli.md"))) {
                continue;
            }
            for (MarkdownDoc.Block block : doc.paragraphs()) {
                boolean tableRow = block.text().startsWith("|") && doc.path().getFileName().toString().equals("README.md");
                Matcher m = QUICK_TIME.matcher(block.text());
                if (!tableRow && m.find()) {
                    elsewhere.add(root.relativize(doc.path()) + ":" + block.line() + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), elsewhere, "quick-profile times stated outside the README's table (link to it instead)");
    }

    @Test
    void shouldQuoteQuickProfileTimesInEveryLabsHelp() {
        CommandLine lab = commandLine.getSubcommands().get("lab");
        List<String> missing = new ArrayList<>();
        for (QuickProfileTimes.Entry entry : QuickProfileTimes.all()) {
            CommandLine command = entry.experiment().equals("analyzer") ? lab : lab.getSubcommands().get(entry.experiment());
            String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
            if (!help.contains(entry.stated())) {
                missing.add(CommandFlags.name(command) + " --help does not say '" + entry.stated() + "'");
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void shouldRepeatNoClaimTheCodeContradicts() {
        List<String> found = new ArrayList<>();
        for (MarkdownDoc doc : docs) {
            if (isHistory(doc.path())) {
                continue;
            }
            for (MarkdownDoc.Block block : doc.paragraphs()) {
                contradictions(block.text(), root.relativize(doc.path()) + ":" + block.line(), found);
            }
        }
        for (CommandLine command : CliReference.commands(commandLine)) {
            contradictions(command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " "),
                    CommandFlags.name(command) + " --help", found);
        }
        assertEquals(List.of(), found);
    }

    @Test
    void shouldNameOnlyExistingDocsInHelpTexts() {
        List<String> missing = new ArrayList<>();
        Pattern doc = Pattern.compile("docs/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\\.md");
        for (CommandLine command : CliReference.commands(commandLine)) {
            Matcher m = doc.matcher(command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", ""));
            while (m.find()) {
                if (!Files.exists(root.resolve(m.group()))) {
                    missing.add(CommandFlags.name(command) + " --help names " + m.group());
                }
            }
        }
        assertEquals(List.of(), missing, "help texts that send the reader to a page that is not there");
    }

    private static void contradictions(String text, String where, List<String> found) {
        CONTRADICTED.forEach((claim, truth) -> {
            Matcher m = claim.matcher(text);
            if (m.find()) {
                found.add(where + ": '" + m.group() + "': " + truth);
            }
        });
    }

    @Test
    void shouldParseTheDeployFilesAndNameOnlyRealFlags() throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        JsonNode job = yaml.readTree(root.resolve("deploy/kubernetes/lab-full-job.yaml").toFile());
        assertEquals("batch/v1", job.path("apiVersion").asText());
        assertEquals("Job", job.path("kind").asText());
        assertEquals("Indexed", job.path("spec").path("completionMode").asText());
        int completions = job.path("spec").path("completions").asInt();
        JsonNode container = job.path("spec").path("template").path("spec").path("containers").get(0);
        String args = container.path("args").toString();
        assertTrue(args.contains("/" + completions), "the shard count in the Job's command is its completions: " + args);
        assertEquals("Never", job.path("spec").path("template").path("spec").path("restartPolicy").asText());
        String image = container.path("image").asText();
        String containerfile = Files.readString(root.resolve("deploy/Containerfile"), StandardCharsets.UTF_8);
        assertTrue(containerfile.contains("FROM "), "deploy/Containerfile has no FROM");
        assertTrue(containerfile.contains(image), "deploy/Containerfile does not name the image the Job runs: " + image);

        JsonNode workflow = yaml.readTree(root.resolve("deploy/github/lab-full.yml").toFile());
        assertTrue(workflow.path("jobs").size() >= 2, "the workflow has a lab and a merge job");
        int shards = workflow.path("jobs").path("lab").path("strategy").path("matrix").path("shard").size();
        List<String> commands = new ArrayList<>();
        collectRuns(workflow, commands);
        collectRuns(job, commands);
        JsonNode gate = yaml.readTree(root.resolve("deploy/github/regression-gate.yml").toFile());
        assertTrue(gate.path("jobs").size() >= 1, "the regression gate has a job");
        collectRuns(gate, commands);
        assertTrue(commands.stream().anyMatch(c -> c.contains("lab compare")), "the gate runs lab compare");
        assertTrue(commands.stream().anyMatch(c -> c.contains("/" + shards)), "the matrix's shard count in its command");
        List<String> wrong = new ArrayList<>();
        for (String command : commands) {
            for (CommandFlags.Use use : flags.usesIn(command)) {
                checkUse(use, "deploy: ", wrong);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void shouldPassActionlintWhereItIsInstalled() throws Exception {
        Optional<Path> actionlint = onPath("actionlint");
        assumeTrue(actionlint.isPresent(), "actionlint is not on PATH: the workflow is parsed, not linted");
        Process p = new ProcessBuilder(actionlint.get().toString(), "deploy/github/lab-full.yml",
                "deploy/github/regression-gate.yml")
                .directory(root.toFile()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "actionlint did not finish");
        assertEquals(0, p.exitValue(), said);
    }

    private static void collectRuns(JsonNode node, List<String> into) {
        if (node.isTextual()) {
            if (node.asText().contains("allocpool ")) {
                into.add(node.asText());
            }
        } else {
            node.forEach(child -> collectRuns(child, into));
        }
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator)).map(d -> Path.of(d, program)).filter(Files::isExecutable).findFirst();
    }

    private static boolean isHistory(Path file) {
        return file.toString().contains(File.separator + "results" + File.separator)
                || file.getFileName().toString().equals("CHANGELOG.md");
    }

    private static Path repositoryRoot() {
        Path at = Path.of("").toAbsolutePath();
        while (at != null && !(Files.exists(at.resolve("mvnw")) && Files.exists(at.resolve("README.md")))) {
            at = at.getParent();
        }
        if (at == null) {
            throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
        }
        return at;
    }
}
