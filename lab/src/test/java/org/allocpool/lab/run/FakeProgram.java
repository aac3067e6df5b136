package org.allocpool.lab.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The child of {@link FakeExperiment}: a JVM that behaves as {@code --behaviour} says, using nothing
 * but the JDK. {@code ok} prints an ok record of cell {@code --name} (leaving out its {@code size},
 * which the lab fills in) whose {@code value} is {@code --value} and whose {@code recordsBefore} is
 * how many lines {@code --records} held when it started: what the lab had recorded before this fork
 * ran. {@code crash} says why on stderr and exits 3; {@code oom} fills its heap until the JVM throws
 * {@link OutOfMemoryError}; {@code silent} prints a line that is no record and exits 0;
 * {@code selffail} prints a failed record of its own, its reason on two lines, and exits 1;
 * {@code progress} says {@code progress: round 1 of 2} and {@code round 2 of 2} on stderr, then does as {@code ok}.
 */
final class FakeProgram {

    private FakeProgram() {
    }

    public static void main(String[] args) throws Exception {
        String name = valueOf(args, "--name");
        String behaviour = valueOf(args, "--behaviour");
        System.err.println("fake program: " + String.join(" ", args));
        switch (behaviour) {
            case "crash" -> {
                System.err.println("Exception in thread \"main\" java.lang.IllegalStateException: " + name + " broke");
                System.exit(3);
            }
            case "oom" -> {
                List<long[]> hog = new ArrayList<>();
                while (hog.size() >= 0) {
                    hog.add(new long[1 << 20]);
                }
            }
            case "silent" -> System.out.println("done, but no record");
            case "selffail" -> {
                System.out.println("{\"experiment\":\"fake\",\"status\":\"failed\",\"error\":\"pool ran dry\\nafter 12 packets\","
                        + "\"cell\":{\"name\":\"" + name + "\"}}");
                System.exit(1);
            }
            default -> {
                if (behaviour.equals("progress")) {
                    System.err.println("progress: round 1 of 2");
                    System.err.println("round 1/2: 12.0 ns/packet");
                    System.err.println("progress: round 2 of 2");
                }
                Path records = Path.of(valueOf(args, "--records"));
                long before = Files.exists(records) ? Files.readAllLines(records).size() : 0;
                System.out.println(String.format(Locale.ROOT, "{\"experiment\":\"fake\",\"status\":\"ok\","
                                + "\"cell\":{\"name\":\"%s\"},"
                                + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,"
                                + "\"os\":\"FakeOS 1\",\"jvmArgs\":[],\"host\":\"fakehost\"},"
                                + "\"metrics\":{\"value\":%s,\"recordsBefore\":%d}}",
                        name, System.getProperty("java.version"), valueOf(args, "--value"), before));
            }
        }
    }

    private static String valueOf(String[] args, String option) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(option)) {
                return args[i + 1];
            }
        }
        throw new IllegalArgumentException("no " + option);
    }
}
