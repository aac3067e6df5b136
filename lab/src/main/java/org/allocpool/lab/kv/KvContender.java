package org.allocpool.lab.kv;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The cells of the kv lab: the five store contenders (the on-heap HashMap, the allocpool store and
 * its peers), the codecs run and the servers section, each in a JVM of its own, in the order the tables show them, with
 * the JVM flags each needs on JDK 25 (see {@link #jvmFlags}). Immutable.
 */
public enum KvContender {

    /** {@code HashMap<Long, User>} on the heap: the article's baseline. */
    HASHMAP("hashmap", List.of()),
    /**
     * allocpool's MappedStore, FFM only: with {@code sun.misc.Unsafe}'s memory access denied and no
     * {@code --add-opens}, which is the point.
     */
    ALLOCPOOL("allocpool", List.of("--sun-misc-unsafe-memory-access=deny")),
    /** MapDB 3: runs as is (its lz4 loads a native library: native access, which every child has). */
    MAPDB("mapdb", List.of("--sun-misc-unsafe-memory-access=allow")),
    /**
     * Chronicle Map: compiles and defines classes at run time and reaches into the JDK, hence the
     * opens and exports of its "Java 17+" instructions; its usage analytics off.
     */
    CHRONICLE("chronicle", List.of(
            "-Dchronicle.analytics.disable=true",
            "--sun-misc-unsafe-memory-access=allow",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED")),
    /** lmdbjava: reads buffer addresses by reflection and {@code sun.misc.Unsafe}. */
    LMDB("lmdb", List.of(
            "--sun-misc-unsafe-memory-access=allow",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED")),
    /** The codecs: Fory and Kryo use {@code sun.misc.Unsafe}. */
    CODECS("codecs", List.of("--sun-misc-unsafe-memory-access=allow")),
    /**
     * The servers section: Redis and {@code kv serve --resp-port} under {@code redis-benchmark}, one cell
     * per {@link KvServerSetup}; the cell's JVM drives the benchmark and reads the server's memory, and
     * {@code kv serve} runs, as always, with {@code sun.misc.Unsafe}'s memory access denied.
     */
    SERVERS("servers", List.of("--sun-misc-unsafe-memory-access=deny"));

    /** Heap of every cell but the HashMap's: the stores keep their data off the heap. */
    public static final String SMALL_HEAP = "256m";
    /** The HashMap's heap: room for the JVM, plus this per user (the article's took about 460 bytes). */
    static final long HASHMAP_HEAP_BASE_MB = 256;
    static final long HASHMAP_HEAP_BYTES_PER_USER = 800;

    private final String label;
    private final List<String> flags;

    KvContender(String label, List<String> flags) {
        this.label = label;
        this.flags = List.copyOf(flags);
    }

    /** {@code hashmap}, {@code allocpool}, {@code mapdb}, {@code chronicle}, {@code lmdb}, {@code codecs}, {@code servers}. */
    public String label() {
        return label;
    }

    /** Whether this is the servers section rather than a store or the codecs. */
    public boolean isServers() {
        return this == SERVERS;
    }

    /** Whether this is the codecs run rather than a store. */
    public boolean isCodecs() {
        return this == CODECS;
    }

    /** The heap this cell gets for {@code users} users, as an {@code -Xmx} value. */
    public String heap(long users) {
        if (this != HASHMAP) {
            return SMALL_HEAP;
        }
        long mb = HASHMAP_HEAP_BASE_MB + (users * HASHMAP_HEAP_BYTES_PER_USER + (1 << 20) - 1) / (1 << 20);
        return mb % 1024 == 0 ? mb / 1024 + "g" : mb + "m";
    }

    /** Every JVM flag this cell gets before the user's own: G1, its heap, and what its library needs. */
    public List<String> jvmFlags(long users) {
        List<String> all = new ArrayList<>(List.of("-XX:+UseG1GC", "-Xmx" + heap(users)));
        all.addAll(flags);
        return List.copyOf(all);
    }

    /**
     * The contender called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static KvContender byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (KvContender contender : values()) {
            if (contender.label.equals(wanted)) {
                return contender;
            }
        }
        throw new IllegalArgumentException("unknown contender '" + name + "'; allowed: "
                + Arrays.stream(values()).map(KvContender::label).collect(Collectors.joining(", ")));
    }
}
