package org.allocpool.messaging.codec;

import java.nio.ByteOrder;

/**
 * The flyweight's bytes of one {@link UserMessage}, little-endian, read and written in place:
 *
 * <pre>
 *  0               8       10      11      12      13      16
 *  +---------------+-------+-------+-------+-------+-------+----------------+------+-------+------+
 *  | id (long)     |friends| name  | email | city  |  pad  | friend ids     | name | email | city |
 *  |               |(short)| len   | len   | len   |       | (8 bytes each) | UTF-8| UTF-8 | UTF-8|
 *  +---------------+-------+-------+-------+-------+-------+----------------+------+-------+------+
 * </pre>
 *
 * A length of {@link #ABSENT} says the e-mail or city is absent. Strings are UTF-8 of at most 254
 * bytes. Thread-safe (constants only).
 */
public final class UserLayout {

    /** The byte order of every field. */
    public static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    public static final int ID = 0;
    public static final int FRIEND_COUNT = 8;
    public static final int NAME_LENGTH = 10;
    public static final int EMAIL_LENGTH = 11;
    public static final int CITY_LENGTH = 12;
    /** Where the friend ids start; the strings follow them. */
    public static final int FRIENDS = 16;
    /** The length byte of an absent string. */
    public static final int ABSENT = 0xFF;
    /** The longest string, in UTF-8 bytes. */
    public static final int MAX_STRING = 254;

    private UserLayout() {
    }
}
