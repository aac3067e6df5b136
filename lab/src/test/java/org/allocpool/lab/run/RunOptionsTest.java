package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RunOptionsTest {

    @Test
    void shouldRunEverythingIntoANewFolderByDefault() {
        assertEquals(new RunOptions(null, false, Shard.ALL), RunOptions.fresh());
    }

    @Test
    void shouldRefuseToResumeWithoutTheFolderToResume() {
        assertEquals("--resume needs the results folder to resume",
                assertThrows(IllegalArgumentException.class, () -> new RunOptions(null, true, Shard.ALL)).getMessage());
        assertThrows(NullPointerException.class, () -> new RunOptions(null, false, null));
    }
}
