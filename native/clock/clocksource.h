/*
 * clocksource: a packet source outside the JVM for allocpool's real-time analyser.
 *
 * A pthread that is never attached to the JVM ticks every interval_ns on CLOCK_MONOTONIC and
 * writes (sequence, scheduled time) into a single-producer single-consumer ring that the JVM
 * owns and reads directly. When the ring is full the tick is dropped and counted, as a capture
 * card would, so the consumer sees a gap in the sequence numbers.
 *
 * Memory ownership: the ring (header and entries) is allocated, zeroed and freed by the caller
 * (Java, a shared arena); this library only writes into it between clocksource_start and the
 * return of clocksource_stop. The handle returned by clocksource_start is malloc'd here and
 * freed by clocksource_stop.
 *
 * The layout below must match org.allocpool.analyzer.capture.CaptureRingLayout.
 *
 *   offset   field              writer      ordering
 *        0   capacity           caller      written before start, read-only after
 *        8   interval_ns        caller      written before start, read-only after
 *       64   head               producer    release (consumer reads with acquire)
 *       72   ticks              producer    release: ticks generated, written or dropped
 *       80   dropped            producer    release: ticks dropped because the ring was full
 *      128   tail               consumer    release (producer reads with acquire)
 *      192   entries[capacity]  producer    plain, published by head
 *            entry: { int64 sequence; int64 scheduled_ns; }   16 bytes, native byte order
 */
#ifndef ALLOCPOOL_CLOCKSOURCE_H
#define ALLOCPOOL_CLOCKSOURCE_H

#include <stdatomic.h>
#include <stdint.h>

#define CLOCKSOURCE_EXPORT __attribute__((visibility("default")))

/* The name of the source thread, as shown in /proc/self/task/<tid>/comm (15 chars max). */
#define CLOCKSOURCE_THREAD_NAME "allocpool-clock"

typedef struct clocksource_entry {
    int64_t sequence;
    int64_t scheduled_ns;
} clocksource_entry;

typedef struct clocksource_ring {
    int64_t capacity;
    int64_t interval_ns;
    char pad0[48];
    _Atomic int64_t head;
    _Atomic int64_t ticks;
    _Atomic int64_t dropped;
    char pad1[40];
    _Atomic int64_t tail;
    char pad2[56];
    clocksource_entry entries[];
} clocksource_ring;

typedef struct clocksource clocksource;

/* Nanoseconds on CLOCK_MONOTONIC: the clock of every scheduled_ns. Cheap; never blocks. */
CLOCKSOURCE_EXPORT int64_t clocksource_now_ns(void);

/*
 * Starts the source thread over a zeroed ring whose capacity and interval_ns are set.
 * cpu >= 0 pins the source thread to that CPU; -1 leaves it unpinned.
 * Returns 0 and stores the handle in *handle_out, or an errno value (EINVAL for a bad ring or
 * CPU, or what pthread_create returned).
 */
CLOCKSOURCE_EXPORT int32_t clocksource_start(clocksource_ring *ring, int32_t cpu, clocksource **handle_out);

/* Stops the thread, joins it and frees the handle. Call exactly once per started handle. */
CLOCKSOURCE_EXPORT int32_t clocksource_stop(clocksource *handle);

/* Source threads of this library alive in the process now (started, not yet exited). */
CLOCKSOURCE_EXPORT int32_t clocksource_live_threads(void);

/* Pins the calling thread to one CPU. Returns 0 or an errno value. */
CLOCKSOURCE_EXPORT int32_t clocksource_pin_current_thread(int32_t cpu);

#endif
