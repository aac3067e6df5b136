package org.allocpool.kv.server;

import java.io.IOException;
import java.nio.file.Path;
import org.allocpool.kv.store.Durability;

/** Every test of {@link PipelineTest} against a {@code --durability sync} server: its writes group-committed per read. */
class SyncPipelineTest extends PipelineTest {

    @Override
    RunningServer newServer(Path dir) throws IOException {
        return new RunningServer(dir, Durability.SYNC);
    }
}
