/**
 * Runs experiments in forked JVMs, keeps their records, renders tables and verdicts. One runner
 * ({@code run}) serves every experiment; each experiment is known only through its
 * {@link org.allocpool.lab.run.Experiment}: the command lines it forks and the typed records that
 * come back. It never requires an experiment's module.
 */
module org.allocpool.lab {
    requires transitive org.allocpool.metrics;
    requires transitive org.allocpool.process;
    // the C ping-pong program the messaging lab runs and the host gauge, carried in the native jar
    requires org.allocpool.nativelib;

    exports org.allocpool.lab.allocrate;
    exports org.allocpool.lab.allocrate.tables;
    exports org.allocpool.lab.analyzer;
    exports org.allocpool.lab.analyzer.tables;
    exports org.allocpool.lab.analyzermt;
    exports org.allocpool.lab.compare;
    exports org.allocpool.lab.echo;
    exports org.allocpool.lab.echo.tables;
    exports org.allocpool.lab.export;
    exports org.allocpool.lab.figure;
    exports org.allocpool.lab.firstalloc;
    exports org.allocpool.lab.firstalloc.tables;
    exports org.allocpool.lab.gauge;
    exports org.allocpool.lab.jmh;
    exports org.allocpool.lab.jmh.tables;
    exports org.allocpool.lab.kv;
    exports org.allocpool.lab.kv.tables;
    exports org.allocpool.lab.merge;
    exports org.allocpool.lab.messaging;
    exports org.allocpool.lab.messaging.tables;
    exports org.allocpool.lab.records;
    exports org.allocpool.lab.report;
    exports org.allocpool.lab.run;
    exports org.allocpool.lab.store;
    exports org.allocpool.lab.text;

    // records are read with Jackson data binding
    opens org.allocpool.lab.allocrate to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.analyzer to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.echo to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.figure to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.firstalloc to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.jmh to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.kv to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.messaging to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.analyzermt to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.records to com.fasterxml.jackson.databind;
    opens org.allocpool.lab.store to com.fasterxml.jackson.databind;
}
