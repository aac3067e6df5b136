package org.allocpool.lab.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;

/**
 * What a lab run was asked to do, kept beside its records so that tables rendered later
 * ({@code --tables}) can state it: the experiment, the profile, the options passed to every child
 * and the mode. Each experiment and mode keeps its own file ({@link #fileName}), so that one results
 * folder may hold several. Immutable; safe to share.
 *
 * @param experiment the experiment, e.g. {@code analyzer}
 * @param profile    the profile, e.g. {@code quick}
 * @param childArgs  the options every child got, e.g. {@code --packets 1000000}
 * @param jvmArgs    the JVM arguments the user added for every child
 * @param mode       {@code batch} or {@code realtime}
 */
public record RunInfo(String experiment, String profile, List<String> childArgs, List<String> jvmArgs, String mode) {

    /** The file name of an analyzer batch run's description inside a results folder. */
    public static final String NAME = "lab.json";
    /** The mode of every run that has no other. */
    public static final String BATCH = "batch";
    /** The experiment whose batch description is {@link #NAME} (it came first). */
    private static final String FIRST_EXPERIMENT = "analyzer";

    public RunInfo {
        experiment = experiment == null ? "" : experiment;
        profile = profile == null ? "" : profile;
        childArgs = childArgs == null ? List.of() : List.copyOf(childArgs);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        mode = mode == null || mode.isBlank() ? BATCH : mode;
    }

    /** A batch run's description. */
    public RunInfo(String experiment, String profile, List<String> childArgs, List<String> jvmArgs) {
        this(experiment, profile, childArgs, jvmArgs, BATCH);
    }

    /**
     * The analyzer's {@code lab.json} (batch) and {@code lab-realtime.json}, as they always were;
     * {@code lab-kv.json}, {@code lab-echo.json}, {@code lab-<experiment>-<mode>.json} for the others.
     */
    public static String fileName(String experiment, String mode) {
        boolean batch = mode == null || mode.equals(BATCH);
        if (FIRST_EXPERIMENT.equals(experiment)) {
            return batch ? NAME : "lab-" + mode + ".json";
        }
        return "lab-" + experiment + (batch ? "" : "-" + mode) + ".json";
    }

    /** Writes this run's description into {@code dir}, replacing an older one of the same experiment and mode. */
    public void writeTo(Path dir) throws IOException {
        Files.writeString(dir.resolve(fileName(experiment, mode)), RecordJson.mapper().writeValueAsString(this) + "\n",
                StandardCharsets.UTF_8);
    }

    /** The description of {@code experiment}'s {@code mode} run kept in {@code dir}, or {@code null} when there is none or it cannot be read. */
    public static RunInfo readFrom(Path dir, String experiment, String mode) {
        return read(dir.resolve(fileName(experiment, mode)));
    }

    /** Every run description kept in {@code dir} (every experiment and mode), in file name order; empty when none. */
    public static List<RunInfo> readAllFrom(Path dir) {
        List<RunInfo> runs = new ArrayList<>();
        try (var files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("lab(-[A-Za-z0-9.-]+)?\\.json"))
                    .sorted().toList()) {
                RunInfo run = read(file);
                if (run != null) {
                    runs.add(run);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return List.copyOf(runs);
        }
        return List.copyOf(runs);
    }

    private static RunInfo read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return RecordJson.mapper().readValue(Files.readString(file, StandardCharsets.UTF_8), RunInfo.class);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return null;
        }
    }
}
