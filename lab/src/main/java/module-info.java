/** Runs experiments in forked JVMs, keeps their records, renders tables. */
module org.allocpool.lab {
    requires org.allocpool.metrics;
}
