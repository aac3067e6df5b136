package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class ServerCpuTest {

    @Test
    void shouldAddUserAndSystemTicksPastACommandNameWithSpacesAndBrackets() throws IOException {
        String stat = "4242 (redis-server (x) 1) S 1 4242 4242 0 -1 4194560 1234 0 0 0 310 145 0 0 20 0 5 0 100 0 0";
        assertEquals(455, ServerCpu.parseTicks(stat));
    }

    @Test
    void shouldRefuseALineWithoutItsFields() {
        assertThrows(IOException.class, () -> ServerCpu.parseTicks("4242 (java) S 1 2 3"));
        assertThrows(IOException.class, () -> ServerCpu.parseTicks("no name at all"));
    }

    @Test
    void shouldCountThisProcesssTicksPerRequestAndNothingWhenTheProcessIsGone() {
        ServerCpu self = new ServerCpu(ProcessHandle.current().pid());
        long before = self.ticksNow();
        assertTrue(before >= 0, "this JVM's own /proc/PID/stat reads");
        self.count(before, 1_000);
        Double perRequest = self.microsPerRequest();
        assertTrue(perRequest != null && perRequest >= 0, String.valueOf(perRequest));

        ServerCpu gone = new ServerCpu(Long.MAX_VALUE);
        gone.count(gone.ticksNow(), 1_000);
        assertNull(gone.microsPerRequest(), "no figure rather than a wrong one");
    }
}
