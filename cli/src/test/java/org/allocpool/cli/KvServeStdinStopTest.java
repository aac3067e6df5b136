package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.kv.server.KvClient;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code kv serve --stop-on-stdin-eof}: the lab closes a server's stdin to stop it, as it does echo serve's. */
class KvServeStdinStopTest {

    private static final Pattern READY = Pattern.compile("binary protocol on [^ ]+:(\\d+),");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldCloseTheStoreCleanlyAndExitZeroWhenItsStdinEnds() throws IOException {
        Path store = dir.resolve("store");
        List<String> command = AllocpoolMain.thisJvm().command(List.of(JvmCommand.DENY_UNSAFE), List.of(),
                List.of("kv", "serve", "--dir", store.toString(), "--port", "0", "--http-port", "0",
                        "--stop-on-stdin-eof"));
        try (RunningChild server = Child.of(command).stderrTo(dir.resolve("serve.err"))
                .timeout(Duration.ofSeconds(100)).start()) {
            Matcher ready = server.awaitLine(READY, Duration.ofSeconds(60));
            assertNotNull(ready, () -> "kv serve did not start: " + server.stderrTail());
            try (KvClient client = KvClient.connect(new java.net.InetSocketAddress("127.0.0.1",
                    Integer.parseInt(ready.group(1))))) {
                client.put(7, new byte[] {1, 2, 3});
            }
            ChildExit exit = server.stop(Duration.ofSeconds(30));
            assertFalse(exit.timedOut(), () -> "kv serve outlived its stdin: " + exit.stderrTail());
            assertEquals(0, exit.exitCode(), () -> String.join("\n", exit.stderrTail()));
            assertTrue(String.join("\n", exit.stderrTail()).contains("kv serve: stopped; closed"),
                    () -> String.join("\n", exit.stderrTail()));
        }
        try (MappedStore reopened = MappedStore.openExisting(store)) {
            assertEquals(3, reopened.get(7, new byte[8]));
        }
    }
}
