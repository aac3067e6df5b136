package org.allocpool.messaging.aeron;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.aeron.exceptions.DriverTimeoutException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedAeronTest {

    /**
     * Over IPC the subscriber closes its driver while the publisher's client may still be invoking its
     * conductor: Aeron's default error handler would exit this JVM then (here: the test JVM). The client only
     * keeps the error and goes on, and closes cleanly afterwards.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldOutliveTheDriverItJoinedAndKeepItsError() {
        EmbeddedAeron driver = EmbeddedAeron.start();
        EmbeddedAeron client = EmbeddedAeron.connect(driver.directory());
        assertEquals(driver.directory(), client.directory());
        for (int i = 0; i < 1_000; i++) {
            driver.invoke();
            client.invoke();
        }
        assertNull(client.clientError(), "alive while the driver is invoked");
        driver.close();
        // the conductor checks its driver at every keep-alive (0.5 s): wait for it, however long the machine takes
        while (client.clientError() == null) {
            client.invoke();
            Thread.onSpinWait();
        }
        assertNotNull(client.clientError());
        assertTrue(client.clientError() instanceof DriverTimeoutException, client.clientError().toString());
        assertDoesNotThrow(client::close);
    }

    @Test
    void shouldNameTheFolderWhereNoDriverRuns(@TempDir Path empty) {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> EmbeddedAeron.connect(empty.resolve("none").toString()));
        assertTrue(e.getMessage().contains(empty.resolve("none").toString()), e.getMessage());
    }
}
