package org.allocpool.lab.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * and the mode. A batch run keeps it as {@code lab.json}, a real-time run as
 * {@code lab-realtime.json}, so that one results folder may hold both. Immutable; safe to share.
 *
 * @param experiment the experiment, e.g. {@code analyzer}
 * @param profile    the profile, e.g. {@code quick}
 * @param childArgs  the options every child got, e.g. {@code --packets 1000000}
 * @param jvmArgs    the JVM arguments the user added for every child
 * @param mode       {@code batch} or {@code realtime}
 */
public record RunInfo(String experiment, String profile, List<String> childArgs, List<String> jvmArgs, String mode) {

    /** The file name of a batch run's description inside a results folder. */
    public static final String NAME = "lab.json";
    /** The mode whose description is {@link #NAME}; every other mode's file names the mode. */
    public static final String BATCH = "batch";

    public RunInfo {
        childArgs = List.copyOf(childArgs);
        jvmArgs = List.copyOf(jvmArgs);
        mode = mode == null || mode.isBlank() ? BATCH : mode;
    }

    /** A batch run's description. */
    public RunInfo(String experiment, String profile, List<String> childArgs, List<String> jvmArgs) {
        this(experiment, profile, childArgs, jvmArgs, BATCH);
    }

    /** {@code lab.json} for batch, {@code lab-realtime.json} for real time. */
    public static String fileName(String mode) {
        return mode == null || mode.equals(BATCH) ? NAME : "lab-" + mode + ".json";
    }

    /** Writes this run's description into {@code dir}, replacing an older one of the same mode. */
    public void writeTo(Path dir) throws IOException {
        ObjectNode node = RecordJson.mapper().createObjectNode();
        node.put("experiment", experiment);
        node.put("profile", profile);
        node.put("mode", mode);
        ArrayNode child = node.putArray("childArgs");
        childArgs.forEach(child::add);
        ArrayNode jvm = node.putArray("jvmArgs");
        jvmArgs.forEach(jvm::add);
        Files.writeString(dir.resolve(fileName(mode)), RecordJson.mapper().writeValueAsString(node) + "\n",
                StandardCharsets.UTF_8);
    }

    /** The batch run's description kept in {@code dir}, or {@code null} when there is none or it cannot be read. */
    public static RunInfo readFrom(Path dir) {
        return readFrom(dir, BATCH);
    }

    /** The description of the {@code mode} run kept in {@code dir}, or {@code null} when there is none or it cannot be read. */
    public static RunInfo readFrom(Path dir, String mode) {
        Path file = dir.resolve(fileName(mode));
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode node = RecordJson.parse(Files.readString(file, StandardCharsets.UTF_8));
            return new RunInfo(node.path("experiment").asText(""), node.path("profile").asText(""),
                    strings(node.path("childArgs")), strings(node.path("jvmArgs")), node.path("mode").asText(mode));
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    /** The descriptions of every mode's run kept in {@code dir}, batch first; empty when there are none. */
    public static List<RunInfo> readAllFrom(Path dir) {
        List<RunInfo> runs = new ArrayList<>();
        for (String mode : List.of(BATCH, "realtime")) {
            RunInfo run = readFrom(dir, mode);
            if (run != null) {
                runs.add(run);
            }
        }
        return List.copyOf(runs);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
