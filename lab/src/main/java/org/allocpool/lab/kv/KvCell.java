package org.allocpool.lab.kv;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of the kv lab: a contender (or the codecs) at a number of users, and how its child is
 * started. Immutable.
 *
 * @param contender the store contender, or {@link KvContender#CODECS}
 * @param users     users loaded (stores) or the range the codecs' sample is drawn from
 */
public record KvCell(KvContender contender, long users) {

    /** The mode of a store cell's record. */
    public static final String STORE = "store";
    /** The mode of the codecs cell's record. */
    public static final String CODECS = "codecs";

    /** The name of the cell's files in the results folder: {@code mapdb}, {@code codecs}. */
    public String id() {
        return contender.label();
    }

    /** What the lab meant to run, as the record's {@code cell}: filled into a failed record. */
    public Map<String, Object> intendedCell() {
        Map<String, Object> cell = new LinkedHashMap<>();
        if (!contender.isCodecs()) {
            cell.put("contender", contender.label());
        }
        cell.put("users", users);
        cell.put("mode", contender.isCodecs() ? CODECS : STORE);
        return cell;
    }

    /** The key that {@code --resume} matches recorded cells by. */
    public String key() {
        return key(contender.isCodecs() ? CODECS : STORE, contender.isCodecs() ? "" : contender.label(), users);
    }

    /** The key of a recorded cell (a record's {@code cell} object). */
    public static String key(JsonNode cell) {
        return key(cell.path("mode").asText(""), cell.path("contender").asText(""), cell.path("users").asLong());
    }

    private static String key(String mode, String contender, long users) {
        return mode + "/" + contender + "/" + users;
    }

    /** The contender main's arguments: which cell, where its files go, and the options every child gets. */
    public List<String> programArgs(Path dataDir, List<String> childArgs) {
        List<String> args = new ArrayList<>();
        if (contender.isCodecs()) {
            args.add("--codecs");
        } else {
            args.addAll(List.of("--contender", contender.label(), "--dir", dataDir.toString()));
        }
        args.addAll(childArgs);
        args.add("--json");
        return List.copyOf(args);
    }
}
