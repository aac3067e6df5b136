package org.allocpool.echo.server;

import org.allocpool.metrics.env.Environment;

/**
 * The server's answer to a STATS request, sent as JSON in a {@code 'S'} frame: its settings, where
 * it runs, and counters since it started. Immutable.
 *
 * @param buffers          the buffer strategy label
 * @param copyPerEvent     whether every event is copied before the reply
 * @param maxFrame         largest accepted frame length
 * @param bufferSize       thread-local buffers' first capacity
 * @param bufferCap        thread-local buffers' largest capacity
 * @param ioThreads        I/O threads configured
 * @param gc               the collector ({@code G1}, {@code ZGC}, ...)
 * @param env              the server JVM's environment
 * @param nowNs            the server's clock when answering, epoch nanoseconds
 * @param eventsEchoed     events echoed since start
 * @param errors           error replies sent since start
 * @param connections      connections accepted since start
 * @param ioAllocatedBytes bytes allocated by the I/O threads since start
 * @param buffersGrown     times a thread-local buffer grew (thread-local only)
 * @param buffersReplaced  times a thread-local encode buffer was left to a channel whose socket did not take
 *                         it at once, and replaced by a fresh one (thread-local only)
 * @param gcTotal          garbage collections since start
 * @param gcWindow         garbage collections in the window the request asked for
 */
public record StatsAnswer(String buffers, boolean copyPerEvent, int maxFrame, int bufferSize, int bufferCap,
                          int ioThreads, String gc, Environment env, long nowNs, long eventsEchoed, long errors,
                          long connections, long ioAllocatedBytes, long buffersGrown, long buffersReplaced,
                          GcWindow gcTotal, GcWindow gcWindow) {
}
