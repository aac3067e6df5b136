/**
 * The one place that starts child processes, for every caller: a lab's JVM cell, the C++ analyser,
 * a server that says when it is ready, a real-time probe. It handles their output, the tail of their
 * stderr, their exit status, their timeout and their kill (with every process they started), and
 * never leaves one running behind this JVM. JDK only.
 */
module org.allocpool.process {
    requires java.management;

    exports org.allocpool.process;
}
