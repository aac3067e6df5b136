package org.allocpool.cli;

import picocli.CommandLine.Command;

/** Placeholder: the analyzer command lands with its module. */
@Command(name = "analyzer", mixinStandardHelpOptions = true, description = "(not yet built)")
final class AnalyzerCommand implements Runnable {
    @Override
    public void run() {
        throw new IllegalStateException("analyzer is not built yet");
    }
}
