/**
 * The load generator behind {@code allocpool kv bench}: {@link org.allocpool.kv.bench.KvBench} runs
 * client threads against a kv server's binary protocol (or one it starts in this JVM) and returns
 * one result record: hits, misses and puts per second and round-trip latency percentiles.
 */
package org.allocpool.kv.bench;
