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
 * What a lab run was asked to do, kept as {@code lab.json} beside its records so that tables
 * rendered later ({@code --tables}) can state it: the experiment, the profile and the options
 * passed to every child. Immutable; safe to share.
 *
 * @param experiment the experiment, e.g. {@code analyzer}
 * @param profile    the profile, e.g. {@code quick}
 * @param childArgs  the workload options every child got, e.g. {@code --packets 1000000}
 * @param jvmArgs    the JVM arguments the user added for every child
 */
public record RunInfo(String experiment, String profile, List<String> childArgs, List<String> jvmArgs) {

    /** The file name inside a results folder. */
    public static final String NAME = "lab.json";

    public RunInfo {
        childArgs = List.copyOf(childArgs);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** Writes this run's description into {@code dir}, replacing an older one. */
    public void writeTo(Path dir) throws IOException {
        ObjectNode node = RecordJson.mapper().createObjectNode();
        node.put("experiment", experiment);
        node.put("profile", profile);
        ArrayNode child = node.putArray("childArgs");
        childArgs.forEach(child::add);
        ArrayNode jvm = node.putArray("jvmArgs");
        jvmArgs.forEach(jvm::add);
        Files.writeString(dir.resolve(NAME), RecordJson.mapper().writeValueAsString(node) + "\n", StandardCharsets.UTF_8);
    }

    /** The description kept in {@code dir}, or {@code null} when there is none or it cannot be read. */
    public static RunInfo readFrom(Path dir) {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode node = RecordJson.parse(Files.readString(file, StandardCharsets.UTF_8));
            return new RunInfo(node.path("experiment").asText(""), node.path("profile").asText(""),
                    strings(node.path("childArgs")), strings(node.path("jvmArgs")));
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
