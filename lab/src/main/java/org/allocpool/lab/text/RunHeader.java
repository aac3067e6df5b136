package org.allocpool.lab.text;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.env.Environment;

/**
 * The lines every lab's tables open with, and the shape of their sections: the runs' profiles and
 * arguments, the environments the records came from (each distinct value once), a titled table with
 * its notes. Stateless.
 */
public final class RunHeader {

    private RunHeader() {
    }

    /**
     * One line per run, {@code - profile: P (every WHAT: `args`)}, and one for its extra JVM arguments
     * ({@code - EXTRA: `args`}); {@code - profile: not recorded} when there is no run.
     */
    public static void profiles(StringBuilder out, List<RunInfo> runs, String every, String extraArgs) {
        for (RunInfo run : runs) {
            out.append("- profile: ").append(run.profile());
            out.append(run.childArgs().isEmpty() ? "\n" : " (" + every + ": `" + String.join(" ", run.childArgs()) + "`)\n");
            if (!run.jvmArgs().isEmpty()) {
                out.append("- ").append(extraArgs).append(": `").append(String.join(" ", run.jvmArgs())).append("`\n");
            }
        }
        if (runs.isEmpty()) {
            out.append("- profile: not recorded\n");
        }
    }

    /**
     * The JDK, CPU and cores, and OS lines of {@code envs}, or {@code - environment: not recorded (no
     * REPORTER reported one)} when there is none.
     */
    public static void environment(StringBuilder out, List<Environment> envs, String reporter) {
        if (envs.isEmpty()) {
            out.append("- environment: not recorded (no ").append(reporter).append(" reported one)\n");
            return;
        }
        out.append("- JDK: ").append(distinct(envs, e -> e.jdk() + " (" + e.vm() + ")")).append('\n');
        out.append("- CPU: ").append(distinct(envs, Environment::cpu)).append(", ")
                .append(distinct(envs, e -> Integer.toString(e.cores()))).append(" cores\n");
        out.append("- OS: ").append(distinct(envs, Environment::os)).append('\n');
    }

    /** {@code field} of every environment, each distinct value once in the order met, joined by " / ". */
    public static String distinct(List<Environment> envs, Function<Environment, String> field) {
        Set<String> values = new LinkedHashSet<>();
        envs.forEach(e -> values.add(field.apply(e)));
        return String.join(" / ", values);
    }

    /**
     * A section: {@code heading} (with its {@code #}s), the explanation, the table and the notes its
     * cells took; nothing when the table is empty.
     */
    public static void section(StringBuilder out, String heading, String explanation, String table, TableNotes notes) {
        if (table.isEmpty()) {
            return;
        }
        out.append('\n').append(heading).append("\n\n").append(explanation).append("\n\n").append(table);
        String drained = notes.drain();
        if (!drained.isEmpty()) {
            out.append('\n').append(drained);
        }
    }
}
