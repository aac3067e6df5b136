/**
 * Runs experiments in forked JVMs, keeps their records, renders tables. Knows an experiment only
 * through the command line it forks and the result records that come back: it never requires an
 * experiment's module.
 */
module org.allocpool.lab {
    requires org.allocpool.metrics;

    exports org.allocpool.lab;
    exports org.allocpool.lab.analyzer;
    exports org.allocpool.lab.echo;
    exports org.allocpool.lab.kv;
    exports org.allocpool.lab.launch;
    exports org.allocpool.lab.text;
}
