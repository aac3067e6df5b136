package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab jmh}'s bad input: one line naming the bad value, exit code 2, nothing run. */
class JmhLabCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldAskForTheJarWhenNoneIsNamed() {
        assertOneLineError("lab jmh needs --jar JAR", "lab", "jmh");
    }

    @Test
    void shouldNameAJarThatIsNotThere() {
        assertOneLineError("no benchmark jar at '" + tmp.resolve("none.jar") + "'", "lab", "jmh", "--jar",
                tmp.resolve("none.jar").toString());
    }

    @Test
    void shouldNameAnUnknownCollectorBeforeListingAnything() throws Exception {
        Path jar = Files.createFile(tmp.resolve("benchmarks.jar"));

        assertOneLineError("unknown collector 'Foo'", "lab", "jmh", "--jar", jar.toString(), "--gc", "Foo");
    }

    @Test
    void shouldNameAModeJmhDoesNotKnow() throws Exception {
        Path jar = Files.createFile(tmp.resolve("benchmarks.jar"));

        assertOneLineError("unknown mode 'fast'", "lab", "jmh", "--jar", jar.toString(), "--mode", "fast");
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);

        assertEquals(AllocpoolMain.EXIT_USAGE, exit, err.toString());
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}
