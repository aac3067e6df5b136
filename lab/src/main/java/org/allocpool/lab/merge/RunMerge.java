package org.allocpool.lab.merge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.metrics.result.RecordJson;

/**
 * Joins results folders into one ({@code lab merge DIR... --results OUT}): the parts of a sharded
 * run made on many machines, or runs to compare. Every record is kept, in the order of the folders
 * given (a record found twice, the same line, is kept once); which machine and JDK each came from
 * stays in its {@code env}, and the tables keep them apart ({@link EnvironmentGroups}). The run
 * descriptions and the files kept for people (logs, GC logs) are copied beside them, the first of
 * each name winning. Single-threaded.
 */
public final class RunMerge {

    private RunMerge() {
    }

    /** What a merge did: how many records it joined from how many folders, and where. */
    public record Outcome(Path folder, int records, int sources, int duplicates) {
    }

    /** {@link #merge(List, Path, EnvironmentGroups.Grouping, PrintStream)} keeping machines apart by host. */
    public static Outcome merge(List<Path> sources, Path target, PrintStream progress) throws IOException {
        return merge(sources, target, EnvironmentGroups.Grouping.HOST, progress);
    }

    /** The file in which a merged folder keeps what counts as one environment, when not one host. */
    public static final String ENVIRONMENTS = "environments.json";

    /**
     * Appends the records of {@code sources} to {@code target}'s (created if missing) and copies their
     * other files beside them; warns on {@code progress} where two run descriptions of one name differ.
     * With {@link EnvironmentGroups.Grouping#KIND}, the folder's tables take machines of one kind as one
     * environment from now on ({@link #grouping}).
     *
     * @throws IllegalArgumentException naming a source that holds no records
     * @throws IOException              when a folder cannot be read or written
     */
    public static Outcome merge(List<Path> sources, Path target, EnvironmentGroups.Grouping grouping,
                                PrintStream progress) throws IOException {
        for (Path source : sources) {
            if (!new RecordsFile(source).exists()) {
                throw new IllegalArgumentException("nothing to merge in '" + source + "': it holds no " + RecordsFile.NAME);
            }
            if (source.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("'" + source + "' is the folder merged into; name another with --results");
            }
        }
        ResultsFolder folder = ResultsFolder.open(target, target);
        Set<String> seen = new LinkedHashSet<>();
        if (folder.records().exists()) {
            for (JsonNode record : folder.records().readAll()) {
                seen.add(RecordJson.mapper().writeValueAsString(record));
            }
        }
        int added = 0;
        int duplicates = 0;
        for (Path source : sources) {
            for (JsonNode record : new RecordsFile(source).readAll()) {
                String line = RecordJson.mapper().writeValueAsString(record);
                if (seen.add(line)) {
                    folder.records().append(line);
                    added++;
                } else {
                    duplicates++;
                }
            }
            copyFiles(source, folder.dir(), progress);
        }
        if (grouping == EnvironmentGroups.Grouping.KIND) {
            Files.writeString(folder.dir().resolve(ENVIRONMENTS), "{\"environments\":\"kind\"}\n");
        }
        return new Outcome(folder.dir(), added, sources.size(), duplicates);
    }

    /** What counts as one environment in the tables of {@code dir}: one host, unless a merge said one kind of machine. */
    public static EnvironmentGroups.Grouping grouping(Path dir) {
        Path file = dir.resolve(ENVIRONMENTS);
        try {
            return Files.isRegularFile(file) && Files.readString(file).contains("\"kind\"")
                    ? EnvironmentGroups.Grouping.KIND : EnvironmentGroups.Grouping.HOST;
        } catch (IOException e) {
            return EnvironmentGroups.Grouping.HOST;
        }
    }

    /**
     * Copies what {@code source} keeps besides its records, tables and report (those of the merged folder
     * are rendered anew), without replacing what is there.
     */
    private static void copyFiles(Path source, Path target, PrintStream progress) throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(source)) {
            files = new ArrayList<>(listing.filter(Files::isRegularFile).sorted().toList());
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (name.equals(RecordsFile.NAME) || name.equals(ResultsFolder.TABLES) || name.equals(ResultsFolder.CSV)
                    || name.equals(ResultsFolder.REPORT)) {
                continue;
            }
            Path copy = target.resolve(name);
            if (!Files.exists(copy)) {
                Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
            } else if (name.startsWith("lab") && name.endsWith(".json") && !sameRun(file, copy)) {
                progress.println("lab: merge: " + file + " describes its run otherwise than " + copy
                        + " (kept); the tables state the first");
            }
        }
    }

    private static boolean sameRun(Path a, Path b) throws IOException {
        return Files.readString(a).equals(Files.readString(b));
    }

}
