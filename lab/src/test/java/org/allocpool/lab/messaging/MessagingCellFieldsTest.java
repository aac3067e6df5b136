package org.allocpool.lab.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class MessagingCellFieldsTest {

    private static MessagingCellFields throughput(String codec, String channel, double warmupS) {
        return new MessagingCellFields("throughput", codec, "aeron", channel, "asked for", "way", null, null, warmupS,
                0.5, 6, null);
    }

    @Test
    void shouldKeepACodecOverIpcAndOverUdpInCellsOfTheirOwn() {
        assertNotEquals(throughput("fory", "ipc", 2).key(), throughput("fory", "multicast", 2).key());
    }

    @Test
    void shouldKeepTheSameCellWhateverItsTiming() {
        assertEquals(throughput("fory", "ipc", 2).key(), throughput("fory", "ipc", 10).key());
    }
}
