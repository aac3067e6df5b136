/*
 * allocpool-host-gauge: the lab's host gauge, a short fixed probe of how fast this host is right now, run
 * before and after every fork so that a report can say how far the host's speed moved during a run:
 *
 *   allocpool-host-gauge [--ms N]
 *       about N milliseconds in all (default 200), half in each of two loops:
 *       memory: streams over a 64 MiB buffer (twice the largest last-level cache of the lab's machines),
 *               reading every word of each 64-byte line and writing one back, so every line is read from
 *               and written back to memory; reports ns per line.
 *       cpu:    a dependent chain of xor-shift-multiply steps on one register: no memory, no parallelism
 *               for the core to find; reports ns per step.
 *       Each loop's time is cut into short repetitions (one pass over the buffer; a block of steps) timed
 *       with clock_gettime(CLOCK_MONOTONIC), and the median repetition is reported, so a preemption or
 *       two in a repetition moves nothing. Prints one JSON line on stdout:
 *           {"memoryNsPerLine":1.234,"cpuNsPerOp":0.456}
 *       and everything else on stderr. Bad arguments: one line naming the bad value, exit 2.
 *
 * The figures are for comparing this host with itself over a run, not hosts with each other. The lab only
 * flags a fork when they move; it never rescales a figure by them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_MS 200L
#define MAX_MS 60000L
#define BUFFER_BYTES (64UL << 20)
#define LINE_BYTES 64UL
#define WORDS_PER_LINE (LINE_BYTES / sizeof(uint64_t))
#define CPU_BLOCK_STEPS 200000L          /* about 0.2 to 1 ms a block on a 2-4 GHz core */
#define MIN_REPETITIONS 3
#define MAX_REPETITIONS 4096

/* Where results go so that the compiler must compute them; read once more at the end. */
static volatile uint64_t sink;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a;
    double y = *(const double *) b;
    return (x > y) - (x < y);
}

/* The median of values (sorted in place); says on stderr how the repetitions of `what` spread. */
static double median(double *values, int count, const char *what) {
    qsort(values, (size_t) count, sizeof(double), by_value);
    double middle = count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
    fprintf(stderr, "allocpool-host-gauge: %s, %d repetitions: min %.4g, median %.4g, max %.4g\n", what, count,
            values[0], middle, values[count - 1]);
    return middle;
}

/* One pass: every word of every line read, one word of each written back (the line goes back to memory). */
static uint64_t memory_pass(uint64_t *words, size_t count, uint64_t carry) {
    for (size_t i = 0; i < count; i += WORDS_PER_LINE) {
        uint64_t *line = words + i;
        uint64_t sum = line[0] + line[1] + line[2] + line[3] + line[4] + line[5] + line[6] + line[7];
        line[0] = sum ^ carry;
        carry += sum;
    }
    return carry;
}

/* A dependent chain: each step needs the one before (shift, xor, multiply), all in one register. */
static uint64_t cpu_block(uint64_t x, long steps) {
    for (long i = 0; i < steps; i++) {
        x ^= x >> 29;
        x *= 0xbf58476d1ce4e5b9ULL;
    }
    return x;
}

/* ns per line, the median of passes over the buffer until budget_ns is spent (at least MIN_REPETITIONS). */
static double measure_memory(uint64_t *words, size_t count, int64_t budget_ns) {
    static double times[MAX_REPETITIONS];
    double lines = (double) (count / WORDS_PER_LINE);
    uint64_t carry = sink;
    int n = 0;
    int64_t start = now_ns();
    int64_t end = start + budget_ns;
    int64_t t0 = start;
    while (n < MAX_REPETITIONS && (n < MIN_REPETITIONS || t0 < end)) {
        carry = memory_pass(words, count, carry);
        int64_t t1 = now_ns();
        times[n++] = (double) (t1 - t0) / lines;
        t0 = t1;
    }
    sink = carry;
    char what[64];
    snprintf(what, sizeof what, "memory, ns per line in a pass over %lu MiB", BUFFER_BYTES >> 20);
    return median(times, n, what);
}

/* ns per step, the median of blocks of CPU_BLOCK_STEPS until budget_ns is spent (at least MIN_REPETITIONS). */
static double measure_cpu(int64_t budget_ns) {
    static double times[MAX_REPETITIONS];
    uint64_t x = sink | 1;
    int n = 0;
    int64_t start = now_ns();
    int64_t end = start + budget_ns;
    int64_t t0 = start;
    while (n < MAX_REPETITIONS && (n < MIN_REPETITIONS || t0 < end)) {
        x = cpu_block(x, CPU_BLOCK_STEPS);
        int64_t t1 = now_ns();
        times[n++] = (double) (t1 - t0) / (double) CPU_BLOCK_STEPS;
        t0 = t1;
    }
    sink = x;
    char what[64];
    snprintf(what, sizeof what, "cpu, ns per step in a block of %ld", CPU_BLOCK_STEPS);
    return median(times, n, what);
}

static void usage_error(const char *what, const char *value) {
    fprintf(stderr, "allocpool-host-gauge: %s, was '%s' (usage: allocpool-host-gauge [--ms N])\n", what, value);
    exit(2);
}

static long parse_ms(const char *value) {
    char *end;
    errno = 0;
    long ms = strtol(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0' || ms < 1 || ms > MAX_MS) {
        usage_error("--ms expects a whole number of milliseconds from 1 to 60000", value);
    }
    return ms;
}

int main(int argc, char **argv) {
    long ms = DEFAULT_MS;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ms") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "allocpool-host-gauge: --ms needs a value (usage: allocpool-host-gauge [--ms N])\n");
                return 2;
            }
            ms = parse_ms(argv[++i]);
        } else {
            usage_error("unknown option", argv[i]);
        }
    }
    size_t count = BUFFER_BYTES / sizeof(uint64_t);
    uint64_t *words = malloc(BUFFER_BYTES);
    if (words == NULL) {
        fprintf(stderr, "allocpool-host-gauge: cannot allocate %lu MiB\n", BUFFER_BYTES >> 20);
        return 1;
    }
    /* every page touched before timing: the passes measure memory, not page faults */
    for (size_t i = 0; i < count; i++) {
        words[i] = i * 0x9e3779b97f4a7c15ULL;
    }
    sink = (uint64_t) now_ns();
    int64_t half_ns = ms * 1000000L / 2;
    double memory = measure_memory(words, count, half_ns);
    double cpu = measure_cpu(half_ns);
    fprintf(stderr, "allocpool-host-gauge: checksum %llu\n", (unsigned long long) (sink ^ words[count / 2]));
    free(words);
    printf("{\"memoryNsPerLine\":%.6g,\"cpuNsPerOp\":%.6g}\n", memory, cpu);
    return 0;
}
