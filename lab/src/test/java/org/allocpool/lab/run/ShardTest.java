package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ShardTest {

    @Test
    void shouldParseKOverNAsWrittenOnTheCommandLine() {
        assertEquals(new Shard(2, 5), Shard.parse("2/5"));
        assertEquals(new Shard(1, 3), Shard.parse(" 1 / 3 "));
        assertEquals("2/5", Shard.parse("2/5").toString());
        assertEquals(Shard.ALL, Shard.parse("1/1"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "abc|--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was 'abc'",
        "2|--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was '2'",
        "-1/2|--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was '-1/2'",
        "1/2/3|--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was '1/2/3'",
        "3/2|--shard must be K/N with 1 <= K <= N, was 3/2",
        "0/2|--shard must be K/N with 1 <= K <= N, was 0/2",
        "1/0|--shard must be K/N with 1 <= K <= N, was 1/0",
    })
    void shouldRejectABadShardNamingIt(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Shard.parse(text)).getMessage());
    }

    @Test
    void shouldRejectAMissingShardNamingIt() {
        assertEquals("--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was 'null'",
                assertThrows(IllegalArgumentException.class, () -> Shard.parse(null)).getMessage());
        assertEquals("--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was ''",
                assertThrows(IllegalArgumentException.class, () -> Shard.parse("")).getMessage());
    }

    @Test
    void shouldTakeEveryNthCellFromTheKth() {
        Shard second = new Shard(2, 3);

        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            if (second.takes(i)) {
                taken.add(i);
            }
        }

        assertEquals(List.of(1, 4, 7), taken);
    }

    @Test
    void shouldGiveEveryCellToExactlyOneShard() {
        for (int count = 1; count <= 7; count++) {
            for (int position = 0; position < 50; position++) {
                int takers = 0;
                for (int index = 1; index <= count; index++) {
                    takers += new Shard(index, count).takes(position) ? 1 : 0;
                }
                assertEquals(1, takers, "cell " + position + " among " + count + " shards");
            }
        }
        assertTrue(Shard.ALL.takes(0) && Shard.ALL.takes(99));
        assertFalse(new Shard(2, 2).takes(0));
    }
}
