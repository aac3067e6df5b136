package org.allocpool.lab.kv;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.run.CellTimeouts;
import org.allocpool.lab.text.DurationText;
import org.allocpool.process.JvmCommand;

/**
 * Everything a kv lab run needs to know, validated and with the profile's defaults filled in: after
 * construction every component holds what will run. Where its records go, resuming and sharding are
 * the runner's ({@link org.allocpool.lab.run.RunOptions}). Immutable; safe to share.
 *
 * @param profile     quick (default) or full
 * @param users       users per store, and the range the codecs' sample is drawn from; {@code null} for the profile's
 * @param contenders  contender names (comma-separated allowed); empty or {@code null} for all but {@code servers}, in table order
 * @param jvmArgs     JVM arguments appended for every cell ({@code --jvm-arg})
 * @param javaHome    a JDK whose {@code bin/java} runs the cells, or {@code null} for this one
 * @param cellTimeout how long one fork of a cell may run; {@code null} for the profile's, made longer in
 *                    proportion when the phases may take longer than the profile's (a longer warm-up, longer
 *                    or more rounds): a phase's longest is its warm-up and its most rounds
 * @param warmup      warm-up of each timed phase; {@code null} for the profile's
 * @param putsWarmup  warm-up of the stores' puts; {@code null} for the profile's when {@code warmup} was not given
 *                    (never shorter than the other phases'), else {@code warmup}
 * @param round       time of one timed round; {@code null} for the profile's
 * @param rounds      rounds that make each phase's figure; {@code null} for the profile's
 * @param maxRounds   rounds at the most while not steady; {@code null} for the profile's (and never fewer than {@code rounds})
 * @param forks       JVMs per cell; {@code null} for the profile's
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record KvLabSettings(KvProfile profile, Long users, List<String> contenders, List<String> jvmArgs,
                            Path javaHome, Duration cellTimeout, Duration warmup, Duration round, Integer rounds,
                            Integer maxRounds, Integer forks, Duration putsWarmup) {

    public KvLabSettings {
        profile = profile == null ? KvProfile.QUICK : profile;
        if (putsWarmup == null) {
            putsWarmup = warmup != null ? warmup
                    : profile.putsWarmup().compareTo(profile.warmup()) > 0 ? profile.putsWarmup() : profile.warmup();
        }
        if (putsWarmup.isNegative()) {
            throw new IllegalArgumentException("the puts' warm-up must be 0 or more, was " + DurationText.format(putsWarmup));
        }
        if (users != null && users < 1) {
            throw new IllegalArgumentException("--users must be at least 1, was " + users);
        }
        users = users == null ? profile.users() : users;
        contenders = names(contenders);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        warmup = warmup == null ? profile.warmup() : warmup;
        round = round == null ? profile.round() : round;
        if (warmup.isNegative() || round.isZero() || round.isNegative()) {
            throw new IllegalArgumentException("phases need rounds of a positive time and a warm-up of 0 or more, were "
                    + DurationText.format(round) + " and " + DurationText.format(warmup));
        }
        if (rounds != null && rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
        rounds = rounds == null ? profile.rounds() : rounds;
        if (maxRounds != null && maxRounds < rounds) {
            throw new IllegalArgumentException("--max-rounds must be at least --rounds (" + rounds + "), was " + maxRounds);
        }
        maxRounds = maxRounds == null ? Math.max(rounds, profile.maxRounds()) : maxRounds;
        if (forks != null && forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        forks = forks == null ? profile.forks() : forks;
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, was " + DurationText.format(cellTimeout));
        }
        if (cellTimeout == null) {
            cellTimeout = CellTimeouts.lengthened(profile.cellTimeout(), phaseSeconds(warmup, round, maxRounds)
                    / phaseSeconds(profile.warmup(), profile.round(), profile.maxRounds()));
        }
    }

    /** Settings whose stores' puts warm up as the profile says ({@code putsWarmup} null). */
    public KvLabSettings(KvProfile profile, Long users, List<String> contenders, List<String> jvmArgs, Path javaHome,
                         Duration cellTimeout, Duration warmup, Duration round, Integer rounds, Integer maxRounds,
                         Integer forks) {
        this(profile, users, contenders, jvmArgs, javaHome, cellTimeout, warmup, round, rounds, maxRounds, forks, null);
    }

    /** The longest one timed phase may take: its warm-up and its most rounds. */
    private static double phaseSeconds(Duration warmup, Duration round, int maxRounds) {
        return (warmup.toNanos() + round.toNanos() * (double) maxRounds) / 1e9;
    }

    /** The contenders to run, in table order. */
    public List<KvContender> cells() {
        return contenders.stream().map(KvContender::byName).toList();
    }

    /** The options every child gets (users and phase timing), as kept in the run's description. */
    public List<String> childArgs() {
        return List.of("--users", Long.toString(users), "--warmup-s", seconds(warmup), "--puts-warmup-s",
                seconds(putsWarmup), "--round-s", seconds(round), "--rounds", Integer.toString(rounds), "--max-rounds",
                Integer.toString(maxRounds));
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
        List<String> all = Arrays.stream(KvContender.values()).map(KvContender::label).toList();
        if (named.isEmpty()) {
            // the servers need Redis's tools and take minutes of their own: run when asked for
            return all.stream().filter(name -> !name.equals(KvContender.SERVERS.label())).toList();
        }
        return all.stream().filter(named::contains).toList();
    }
}
