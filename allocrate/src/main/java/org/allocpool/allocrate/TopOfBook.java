package org.allocpool.allocrate;

/**
 * The best bid and offer of one instrument on one venue, the event of Chronicle Wire's channel and
 * allocation benchmarks: a send time, two short codes and four numbers, 44 bytes of fields (on a
 * 64-bit JVM with compressed class pointers, a 56-byte object: a 12-byte header, the fields, padding
 * to 8). Its own copy here: an experiment never imports another (the echo module has the same event
 * for the wire). A mutable value; not thread-safe, owned by the thread that fills it.
 */
public final class TopOfBook {

    /** Bytes of fields: 8 + 8 + 4 + 8 + 8 + 4 + 4, the article's "44 bytes". */
    public static final int FIELD_BYTES = 44;

    private long sendingTimeNS;
    private long symbol;
    private int ecn;
    private double bidPrice;
    private double askPrice;
    private int bidQuantity;
    private int askQuantity;

    /**
     * Sets every field from {@code sequence}, the same values for the same sequence whichever loop
     * fills it, and returns this.
     */
    public TopOfBook fill(long sequence) {
        sendingTimeNS = sequence;
        symbol = 0x4742_5055_5344L + (sequence & 7);
        ecn = (int) (sequence & 3);
        bidPrice = 1.25 + (sequence & 0xFF) * 0.0001;
        askPrice = bidPrice + 0.0002;
        bidQuantity = (int) (sequence & 0xFFFF);
        askQuantity = bidQuantity + 1;
        return this;
    }

    /** Every field folded into one number: what a handler reads of the event. */
    public long checksum() {
        return sendingTimeNS + symbol + ecn + Double.doubleToRawLongBits(bidPrice)
                + Double.doubleToRawLongBits(askPrice) + bidQuantity + askQuantity;
    }

    public long sendingTimeNS() {
        return sendingTimeNS;
    }
}
