package org.allocpool.cli;

import picocli.CommandLine.Command;

/** Placeholder: the lab command lands with its module. */
@Command(name = "lab", mixinStandardHelpOptions = true, description = "(not yet built)")
final class LabCommand implements Runnable {
    @Override
    public void run() {
        throw new IllegalStateException("lab is not built yet");
    }
}
