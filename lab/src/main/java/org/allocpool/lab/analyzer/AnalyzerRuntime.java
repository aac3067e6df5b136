package org.allocpool.lab.analyzer;

import java.util.List;

/**
 * What runs a cell's workload: this JVM ({@code java}), or the C++ analyser the Java CLI execs
 * ({@code cpp}: parse results allocated with {@code new}, as Java does; {@code cpp-flat}: parse
 * results inside the packet, the article's fastest build). C++ has no collector and no heap, so its
 * cells run once per lab run, not per collector. Immutable.
 */
public enum AnalyzerRuntime {
    JAVA("java"),
    CPP("cpp"),
    CPP_FLAT("cpp-flat");

    /** The strategies the C++ analyser has, in table order. */
    public static final List<String> CPP_STRATEGIES = List.of("dummy", "alloc", "mix", "pool");

    private final String label;

    AnalyzerRuntime(String label) {
        this.label = label;
    }

    /** The name the analyzer's {@code --runtime} and the records use: {@code java}, {@code cpp}, {@code cpp-flat}. */
    public String label() {
        return label;
    }

    /** Whether this is one of the C++ builds. */
    public boolean isCpp() {
        return this != JAVA;
    }

    /** The C++ runtimes, in table order. */
    public static List<AnalyzerRuntime> cpp() {
        return List.of(CPP, CPP_FLAT);
    }

    /** The runtime a record's {@code cell.runtime} names; {@code java} when absent (records from before C++). */
    public static String labelOf(String recorded) {
        return recorded == null || recorded.isBlank() ? JAVA.label : recorded;
    }
}
