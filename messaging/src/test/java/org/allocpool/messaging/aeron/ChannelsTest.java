package org.allocpool.messaging.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChannelsTest {

    @Test
    void shouldShareOneDriverOverIpcWithTheUdpChannelsTermLength() {
        Channels.Choice ipc = Channels.choose(" IPC ");
        assertEquals("ipc", ipc.mode());
        assertTrue(ipc.isIpc() && !ipc.isMulticast());
        assertTrue(ipc.reason().startsWith("asked for"), ipc.reason());
        assertEquals("aeron:ipc", Channels.subscription(ipc, 0));
        assertEquals("aeron:ipc?term-length=" + Channels.TERM_LENGTH, Channels.publication(ipc, Channels.LOOPBACK, 0));
    }

    @Test
    void shouldKeepTheUdpChannelsAsTheyWere() {
        Channels.Choice unicast = Channels.choose("unicast");
        assertEquals("aeron:udp?endpoint=127.0.0.1:4242", Channels.subscription(unicast, 4242));
        assertEquals("aeron:udp?endpoint=127.0.0.1:4242|term-length=2m", Channels.publication(unicast, "127.0.0.1", 4242));
    }

    @Test
    void shouldRejectAnUnknownChannelNamingItAndTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Channels.choose("shm"));
        assertTrue(e.getMessage().contains("'shm'") && e.getMessage().contains("ipc"), e.getMessage());
    }
}
