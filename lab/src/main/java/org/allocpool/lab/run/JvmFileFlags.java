package org.allocpool.lab.run;

import java.nio.file.Path;
import java.util.List;

/**
 * The JVM flags that make a child JVM keep a file for people in the results folder: its unified GC
 * log (read with GCViewer) and, with {@code --keep-jfr}, its flight recording (read with JDK Mission
 * Control). No figure is read from either. Stateless; thread-safe.
 */
public final class JvmFileFlags {

    /**
     * Keeps the JFR start-up message ("Started recording 1 ...") off the child's stdout, which must
     * carry nothing but the record.
     */
    static final String QUIET_JFR_START = "-Xlog:jfr+startup=off";

    private JvmFileFlags() {
    }

    /** {@code -Xlog:gc*:file=<gcLog>}: every GC event into {@code gcLog}. */
    public static String gcLog(Path gcLog) {
        String file = gcLog.toString();
        // -Xlog splits its argument at colons: a path holding one (or a comma) must be quoted
        return "-Xlog:gc*:file=" + (file.contains(":") || file.contains(",") ? "\"" + file + "\"" : file);
    }

    /**
     * A flight recording with the JDK's {@code default} settings (about 1% overhead), from start-up
     * to exit, dumped into {@code jfr} when the JVM exits (a JVM killed at its timeout leaves none).
     * It coexists with the {@code RecordingStream} the children open for their GC pauses: JFR runs
     * both recordings and enables the union of their events.
     *
     * @throws IllegalArgumentException when {@code jfr}'s path holds a comma, which JFR's options cannot take
     */
    public static List<String> flightRecording(Path jfr) {
        String file = jfr.toString();
        if (file.contains(",")) {
            throw new IllegalArgumentException("--keep-jfr cannot write a recording to a path holding a comma: " + file);
        }
        return List.of(QUIET_JFR_START, "-XX:StartFlightRecording:filename=" + file + ",settings=default,dumponexit=true");
    }
}
