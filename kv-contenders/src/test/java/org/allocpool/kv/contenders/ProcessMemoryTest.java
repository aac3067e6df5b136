package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class ProcessMemoryTest {

    /** The lines of a redis-server's /proc/PID/status around the ones read, as captured. */
    private static final String STATUS = """
            Name:\tredis-server
            State:\tS (sleeping)
            VmPeak:\t  104936 kB
            VmSize:\t  104936 kB
            VmHWM:\t  118532 kB
            VmRSS:\t  101204 kB
            RssAnon:\t   95000 kB
            Threads:\t5
            """;

    @Test
    void shouldReadResidentAndPeakKilobytes() throws IOException {
        ProcessMemory memory = ProcessMemory.parse(STATUS);
        assertEquals(101204, memory.residentKb());
        assertEquals(118532, memory.peakKb());
        assertEquals(101204 / 1024.0, memory.residentMb());
    }

    @Test
    void shouldRefuseAStatusWithoutTheFigures() {
        assertThrows(IOException.class, () -> ProcessMemory.parse("Name:\tkthreadd\nState:\tS (sleeping)\n"));
        assertThrows(IOException.class, () -> ProcessMemory.parse("VmRSS:\t 12 MB\nVmHWM:\t 13 kB\n"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void shouldReadThisProcessAsHoldingSomeMemory() throws IOException {
        ProcessMemory memory = ProcessMemory.of(ProcessHandle.current().pid());
        assertTrue(memory.residentKb() > 0 && memory.peakKb() >= memory.residentKb(), memory.toString());
    }
}
