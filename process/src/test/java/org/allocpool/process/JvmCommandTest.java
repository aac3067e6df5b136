package org.allocpool.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldStartThisProgramOnTheClassPathWhenRunningOnIt() {
        JvmCommand child = JvmCommand.ofCurrentProcess("org.allocpool.cli", "org.allocpool.cli.AllocpoolMain",
                "org.allocpool.analyzer");

        assertEquals(List.of("-cp", System.getProperty("java.class.path"), "org.allocpool.cli.AllocpoolMain"),
                child.launchPrefix());
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED"), child.baseJvmArgs());
        assertTrue(Files.isExecutable(child.java()), child.java().toString());
    }

    @Test
    void shouldRunChildrenWithTheJavaOfAnotherJdk() {
        Path home = Path.of(System.getProperty("java.home"));
        JvmCommand child = JvmCommand.onClassPath(Path.of("/somewhere/java"), "cp", "Main").withJavaHome(home);

        assertEquals(home.resolve("bin").resolve("java"), child.java());
        assertEquals(List.of("-cp", "cp", "Main"), child.launchPrefix());
    }

    @Test
    void shouldRejectAJavaHomeWithoutJavaNamingThePath() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JvmCommand.onClassPath(Path.of("java"), "cp", "Main").withJavaHome(tmp));

        assertTrue(e.getMessage().contains("'" + tmp.resolve("bin").resolve("java") + "'"), e.getMessage());
    }

    @Test
    void shouldBuildAJvmCommandLineInItsOrder() {
        JvmCommand jvm = new JvmCommand(Path.of("/jdk/bin/java"), List.of("--base"), List.of("-cp", "x", "Main"));
        assertEquals(List.of("/jdk/bin/java", "-Xmx1g", "--base", "-Duser=1", "-cp", "x", "Main", "run"),
                jvm.command(List.of("-Xmx1g"), List.of("-Duser=1"), List.of("run")));
    }
}
