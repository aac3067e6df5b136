package org.allocpool.lab.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the kv lab: a contender (or the codecs) at a number of users, the cell fields its
 * records should carry, and the contenders' main's arguments that run it. Immutable.
 *
 * @param contender the store contender, or {@link KvContender#CODECS}
 * @param users     users loaded (stores) or the range the codecs' sample is drawn from
 */
public record KvCell(KvContender contender, long users) implements LabCell<KvCellFields> {

    /** What the lab meant to run: filled into a failed record, and into what a child leaves out. */
    @Override
    public KvCellFields fields() {
        return contender.isCodecs()
                ? new KvCellFields(null, users, KvCellFields.CODECS, null)
                : new KvCellFields(contender.label(), users, KvCellFields.STORE, null);
    }

    /** The name of the cell's files in the results folder: {@code mapdb}, {@code codecs}. */
    @Override
    public String id() {
        return contender.label();
    }

    /** How progress lines name it: {@code hashmap (heap 1019m)}. */
    @Override
    public String label() {
        return contender.label() + " (heap " + contender.heap(users) + ")";
    }

    /** The contenders' main's arguments: which cell, where its files go, and the options every child gets. */
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
