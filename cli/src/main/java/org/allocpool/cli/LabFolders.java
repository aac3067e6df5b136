package org.allocpool.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options every lab command shares (a picocli mixin): which JDK runs the cells, and where a
 * run keeps its records and tables, resumes, or is re-rendered from. Filled by picocli on the main
 * thread; read once by the command.
 */
final class LabFolders {

    @Option(names = "--java", paramLabel = "HOME", description = "Run the cells with the java of another JDK (its home folder).")
    Path javaHome;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to keep records and tables. Default: results/<timestamp>.")
    Path results;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Complete the run in DIR: skip the cells it recorded ok, run the others and append to it.")
    Path resume;

    @Option(names = "--tables", paramLabel = "DIR", description = "Print the tables of the finished run in DIR; run nothing.")
    Path tables;
}
