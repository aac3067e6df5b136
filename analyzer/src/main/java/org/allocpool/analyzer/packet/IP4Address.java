package org.allocpool.analyzer.packet;

/**
 * An IPv4 address as the article's parser holds it: one object per address per parsed packet.
 * Immutable; safe to share.
 */
public final class IP4Address {

    private final int address;

    public IP4Address(int address) {
        this.address = address;
    }

    public int address() {
        return address;
    }
}
