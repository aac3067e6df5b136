package org.allocpool.echo.event;

/**
 * The best bid and offer of one instrument on one venue, as in the Chronicle Wire channel
 * benchmark: a send time, two short codes and four numbers, 44 bytes on the wire
 * ({@link org.allocpool.echo.wire.TopOfBookLayout}). A mutable flyweight-style value: decoders
 * fill one instance per connection again and again; {@link #deepCopy()} is the one new object per
 * event the experiment measures. Not thread-safe; owned by the thread that decodes into it.
 */
public final class TopOfBook {

    private long sendingTimeNS;
    private long symbol;
    private int ecn;
    private double bidPrice;
    private double askPrice;
    private int bidQuantity;
    private int askQuantity;

    /** An event with every field zero. */
    public TopOfBook() {
    }

    public long sendingTimeNS() {
        return sendingTimeNS;
    }

    public TopOfBook sendingTimeNS(long value) {
        this.sendingTimeNS = value;
        return this;
    }

    /** The instrument as an 8-byte code ({@link EventCodes#symbol(String)}). */
    public long symbol() {
        return symbol;
    }

    public TopOfBook symbol(long value) {
        this.symbol = value;
        return this;
    }

    /** The venue (electronic communication network) as a 4-byte code ({@link EventCodes#ecn(String)}). */
    public int ecn() {
        return ecn;
    }

    public TopOfBook ecn(int value) {
        this.ecn = value;
        return this;
    }

    public double bidPrice() {
        return bidPrice;
    }

    public TopOfBook bidPrice(double value) {
        this.bidPrice = value;
        return this;
    }

    public double askPrice() {
        return askPrice;
    }

    public TopOfBook askPrice(double value) {
        this.askPrice = value;
        return this;
    }

    public int bidQuantity() {
        return bidQuantity;
    }

    public TopOfBook bidQuantity(int value) {
        this.bidQuantity = value;
        return this;
    }

    public int askQuantity() {
        return askQuantity;
    }

    public TopOfBook askQuantity(int value) {
        this.askQuantity = value;
        return this;
    }

    /** Copies every field of {@code other} into this one; returns this. */
    public TopOfBook copyFrom(TopOfBook other) {
        sendingTimeNS = other.sendingTimeNS;
        symbol = other.symbol;
        ecn = other.ecn;
        bidPrice = other.bidPrice;
        askPrice = other.askPrice;
        bidQuantity = other.bidQuantity;
        askQuantity = other.askQuantity;
        return this;
    }

    /** A new, independent copy: the articles' "one extra object per event". */
    public TopOfBook deepCopy() {
        return new TopOfBook().copyFrom(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TopOfBook t && sendingTimeNS == t.sendingTimeNS && symbol == t.symbol && ecn == t.ecn
                && Double.compare(bidPrice, t.bidPrice) == 0 && Double.compare(askPrice, t.askPrice) == 0
                && bidQuantity == t.bidQuantity && askQuantity == t.askQuantity;
    }

    @Override
    public int hashCode() {
        long h = sendingTimeNS * 31 + symbol;
        h = h * 31 + ecn;
        h = h * 31 + Double.hashCode(bidPrice);
        h = h * 31 + Double.hashCode(askPrice);
        h = h * 31 + bidQuantity;
        return Long.hashCode(h * 31 + askQuantity);
    }

    @Override
    public String toString() {
        return "TopOfBook{sendingTimeNS=" + sendingTimeNS + ", symbol=" + EventCodes.symbolText(symbol)
                + ", ecn=" + EventCodes.ecnText(ecn) + ", bidPrice=" + bidPrice + ", askPrice=" + askPrice
                + ", bidQuantity=" + bidQuantity + ", askQuantity=" + askQuantity + "}";
    }
}
