/* See clocksource.h. Plain C11 with POSIX threads and the GNU affinity/naming extensions. */
#define _GNU_SOURCE
#include "clocksource.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

_Static_assert(offsetof(clocksource_ring, capacity) == 0, "capacity offset");
_Static_assert(offsetof(clocksource_ring, interval_ns) == 8, "interval_ns offset");
_Static_assert(offsetof(clocksource_ring, head) == 64, "head offset");
_Static_assert(offsetof(clocksource_ring, ticks) == 72, "ticks offset");
_Static_assert(offsetof(clocksource_ring, dropped) == 80, "dropped offset");
_Static_assert(offsetof(clocksource_ring, tail) == 128, "tail offset");
_Static_assert(offsetof(clocksource_ring, entries) == 192, "entries offset");
_Static_assert(sizeof(clocksource_entry) == 16, "entry size");

struct clocksource {
    pthread_t thread;
    clocksource_ring *ring;
    _Atomic int32_t stop;
};

static _Atomic int32_t live_threads;

int64_t clocksource_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void *run(void *arg) {
    clocksource *source = arg;
    clocksource_ring *ring = source->ring;
    const int64_t capacity = ring->capacity;
    const int64_t interval = ring->interval_ns;
    int64_t head = 0;
    int64_t slot = 0;
    int64_t tail_cache = 0;
    int64_t dropped = 0;
    const int64_t start = clocksource_now_ns();

    /* Tick k is due at start + k * interval. A source that falls behind (descheduled) emits the
     * overdue ticks at once rather than skipping them: the sequence number counts time. The clock
     * is read only while the next tick is not yet due: reading it costs about 24 ns on this
     * project's VMs, so a read per tick would cap the source at one tick per read, and intervals
     * under that would measure the source, not the processor. */
    int64_t now = start;
    for (int64_t tick = 0; !atomic_load_explicit(&source->stop, memory_order_relaxed); tick++) {
        const int64_t due = start + tick * interval;
        while (now < due) {
            if (atomic_load_explicit(&source->stop, memory_order_relaxed)) {
                goto done;
            }
            now = clocksource_now_ns();
        }
        if (head - tail_cache >= capacity) {
            tail_cache = atomic_load_explicit(&ring->tail, memory_order_acquire);
        }
        if (head - tail_cache >= capacity) {
            atomic_store_explicit(&ring->dropped, ++dropped, memory_order_release);
        } else {
            ring->entries[slot].sequence = tick;
            ring->entries[slot].scheduled_ns = due;
            if (++slot == capacity) {
                slot = 0;
            }
            atomic_store_explicit(&ring->head, ++head, memory_order_release);
        }
        atomic_store_explicit(&ring->ticks, tick + 1, memory_order_release);
    }
done:
    atomic_fetch_sub_explicit(&live_threads, 1, memory_order_release);
    return NULL;
}

int32_t clocksource_start(clocksource_ring *ring, int32_t cpu, clocksource **handle_out) {
    if (ring == NULL || handle_out == NULL || ring->capacity < 1 || ring->interval_ns < 1
        || cpu < -1 || cpu >= CPU_SETSIZE) {
        return EINVAL;
    }
    clocksource *source = calloc(1, sizeof *source);
    if (source == NULL) {
        return ENOMEM;
    }
    source->ring = ring;
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc != 0) {
        free(source);
        return rc;
    }
    if (cpu >= 0) {
        cpu_set_t cpus;
        CPU_ZERO(&cpus);
        CPU_SET(cpu, &cpus);
        rc = pthread_attr_setaffinity_np(&attr, sizeof cpus, &cpus);
    }
    if (rc == 0) {
        atomic_fetch_add_explicit(&live_threads, 1, memory_order_relaxed);
        rc = pthread_create(&source->thread, &attr, run, source);
        if (rc != 0) {
            atomic_fetch_sub_explicit(&live_threads, 1, memory_order_relaxed);
        }
    }
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        free(source);
        return rc;
    }
    /* Named by its creator so the name is there before start returns. */
    pthread_setname_np(source->thread, CLOCKSOURCE_THREAD_NAME);
    *handle_out = source;
    return 0;
}

int32_t clocksource_stop(clocksource *source) {
    if (source == NULL) {
        return EINVAL;
    }
    atomic_store_explicit(&source->stop, 1, memory_order_relaxed);
    int rc = pthread_join(source->thread, NULL);
    free(source);
    return rc;
}

int32_t clocksource_live_threads(void) {
    return atomic_load_explicit(&live_threads, memory_order_acquire);
}

int32_t clocksource_pin_current_thread(int32_t cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) {
        return EINVAL;
    }
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(cpu, &cpus);
    return pthread_setaffinity_np(pthread_self(), sizeof cpus, &cpus);
}
