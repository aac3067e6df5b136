package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Verifies a store file without changing it (for {@code allocpool kv check}): the header, then
 * every slot and the entry it points at, collecting every problem instead of stopping at the first.
 * Maps the file read-only and does not take the store's process lock: checking a store another
 * process is writing gives a snapshot that may miss the latest writes. Stateless; thread-safe.
 */
public final class StoreCheck {

    private StoreCheck() {
    }

    /**
     * Checks the store in {@code dir}.
     *
     * @throws StoreFileException when there is no store file in {@code dir}
     * @throws IOException        when the file cannot be read
     */
    public static CheckReport check(Path dir) throws IOException {
        Path path = dir.resolve(MappedStore.FILE_NAME);
        if (!Files.isRegularFile(path)) {
            throw new StoreFileException(path, "no store here (the file does not exist)");
        }
        long fileBytes = Files.size(path);
        StoreMapping mapping;
        try {
            mapping = StoreMapping.open(path, false);
        } catch (StoreFileException e) {
            String message = e.getMessage();
            String prefix = path + ": ";
            return CheckReport.unreadable(path, fileBytes,
                    message.startsWith(prefix) ? message.substring(prefix.length()) : message, e.isDamage());
        }
        try (mapping) {
            TableScan scan = TableScan.scan(mapping, false);
            StoreHeader header = mapping.header;
            long used = scan.tail - mapping.logOffset;
            return new CheckReport(path, fileBytes, true, header.segments(), header.slots(), scan.entries,
                    scan.removedSlots, header.logBytes(), scan.liveBytes, used - scan.liveBytes,
                    mapping.logEnd - scan.tail, scan.problemCount, scan.problems, scan.problemCount > 0);
        }
    }
}
