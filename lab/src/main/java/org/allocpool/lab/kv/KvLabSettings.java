package org.allocpool.lab.kv;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;

/**
 * Everything a kv lab run needs to know, validated and with the profile's defaults filled in: after
 * construction every component holds what will run. Immutable; safe to share.
 *
 * @param profile     quick (default) or full
 * @param users       users per store, and the range the codecs' sample is drawn from; {@code null} for the profile's
 * @param contenders  contender names (comma-separated allowed); empty or {@code null} for all, in table order
 * @param jvmArgs     JVM arguments appended for every cell ({@code --jvm-arg})
 * @param javaHome    a JDK whose {@code bin/java} runs the cells, or {@code null} for this one
 * @param resultsDir  where records go, or {@code null} for {@code results/<timestamp>}
 * @param resumeDir   a results folder to complete, or {@code null}
 * @param cellTimeout how long a cell may run; {@code null} for the profile's
 * @param warmup      warm-up of each timed phase; {@code null} for the profile's
 * @param measure     measured time of each timed phase; {@code null} for the profile's
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record KvLabSettings(KvProfile profile, Long users, List<String> contenders, List<String> jvmArgs,
                            Path javaHome, Path resultsDir, Path resumeDir, Duration cellTimeout,
                            Duration warmup, Duration measure) {

    public KvLabSettings {
        profile = profile == null ? KvProfile.QUICK : profile;
        if (users != null && users < 1) {
            throw new IllegalArgumentException("--users must be at least 1, was " + users);
        }
        users = users == null ? profile.users() : users;
        contenders = names(contenders);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            ChildJvm.javaIn(javaHome);
        }
        if (resumeDir != null) {
            if (resultsDir != null && !resultsDir.equals(resumeDir)) {
                throw new IllegalArgumentException("--results '" + resultsDir + "' and --resume '" + resumeDir
                        + "' name different folders; --resume appends to the folder it names");
            }
            if (!Files.isRegularFile(resumeDir.resolve(RecordsFile.NAME))) {
                throw new IllegalArgumentException("nothing to resume in '" + resumeDir + "': it holds no "
                        + RecordsFile.NAME);
            }
            resultsDir = resumeDir;
        }
        cellTimeout = cellTimeout == null ? profile.cellTimeout() : cellTimeout;
        warmup = warmup == null ? profile.warmup() : warmup;
        measure = measure == null ? profile.measure() : measure;
        if (warmup.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("phases need a positive measured time and a warm-up of 0 or more, were "
                    + DurationText.format(measure) + " and " + DurationText.format(warmup));
        }
    }

    /** The contenders to run, in table order. */
    public List<KvContender> cells() {
        return contenders.stream().map(KvContender::byName).toList();
    }

    /** The options every child gets (users and phase timing), as kept in {@code lab.json}. */
    public List<String> childArgs() {
        return List.of("--users", Long.toString(users), "--warmup-s", seconds(warmup), "--seconds", seconds(measure));
    }

    private static String seconds(Duration duration) {
        double s = duration.toNanos() / 1e9;
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.3f", s);
    }

    private static List<String> names(List<String> given) {
        List<String> named = new ArrayList<>();
        if (given != null) {
            for (String entry : given) {
                for (String name : entry.split(",")) {
                    if (!name.isBlank()) {
                        String label = KvContender.byName(name).label();
                        if (!named.contains(label)) {
                            named.add(label);
                        }
                    }
                }
            }
        }
        List<String> all = java.util.Arrays.stream(KvContender.values()).map(KvContender::label).toList();
        if (named.isEmpty()) {
            return all;
        }
        return all.stream().filter(named::contains).toList();
    }
}
