/** The allocpool command line: picocli commands over the experiments and the lab. */
module org.allocpool.cli {
    requires org.allocpool.analyzer;
    requires org.allocpool.kv;
    requires org.allocpool.echo;
    requires org.allocpool.firstalloc;
    requires org.allocpool.allocrate;
    requires io.netty.common;
    requires org.allocpool.lab;
    requires org.allocpool.metrics;
    requires info.picocli;

    opens org.allocpool.cli to info.picocli;
}
