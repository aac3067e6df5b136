package org.allocpool.lab.firstalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

/** The cells, forks and child command line of a first-alloc lab run. */
class FirstAllocLabSettingsTest {

    @Test
    void shouldRunEveryAllocatorInTheProfilesForksByDefault() {
        FirstAllocLabSettings quick = FirstAllocLabSettings.of(FirstAllocProfile.QUICK);
        assertEquals(FirstAllocCell.ALLOCATORS, quick.cells().stream().map(FirstAllocCell::allocator).toList());
        assertEquals(13, quick.cells().size());
        assertEquals(15, quick.forks());
        assertEquals(101, FirstAllocLabSettings.of(FirstAllocProfile.FULL).forks());
        assertEquals(FirstAllocCell.ALLOCATORS.size(), FirstAllocCell.MEMORY.size());
    }

    @Test
    void shouldStartOneFreshJvmPerForkWithTheAllocatorsArgumentsAndTheUsersFlags() {
        FirstAllocLabSettings settings = new FirstAllocLabSettings(null, List.of("Byte-Array,pool-slab"), 4096, 10, 20, 5,
                List.of("-XX:AOTCache=app.aot"), null, null);
        FirstAllocExperiment experiment = new FirstAllocExperiment(settings,
                new JvmCommand(Path.of("java"), List.of("--base"), List.of("-cp", "x", "Main")));

        assertEquals(List.of("byte-array", "pool-slab"), experiment.cells().stream().map(FirstAllocCell::id).toList());
        assertEquals(5, experiment.forks());
        List<String> command = experiment.launch(experiment.cells().get(1), new CellFiles(Path.of("/tmp/r"), "pool-slab"))
                .client().apply(null);
        assertEquals(List.of("java", "-XX:+UseG1GC", "-Xms256m", "-Xmx256m", "--base", "-XX:AOTCache=app.aot", "-cp", "x",
                "Main", "first-alloc", "--allocator", "pool-slab", "--size", "4096", "--count", "10", "--pool", "20", "--json"),
                command);
        assertEquals(new FirstAllocCellFields("pool-slab", "native", 4096, 10, 20), experiment.cells().get(1).fields());
    }

    @Test
    void shouldRejectBadValuesNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FirstAllocLabSettings(null, List.of("malloc"),
                null, null, null, null, null, null, null)).getMessage().startsWith("unknown allocator 'malloc'; allowed: "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FirstAllocLabSettings(null, null, null, null,
                null, 2, null, null, null)).getMessage().contains("was 2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FirstAllocLabSettings(null, null, null, 100,
                50, null, null, null, null)).getMessage().contains("was 50"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FirstAllocLabSettings(null, null, 0, null,
                null, null, null, null, null)).getMessage().contains("was 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FirstAllocProfile.byName("long"))
                .getMessage().contains("'long'"));
    }
}
