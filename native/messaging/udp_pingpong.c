/*
 * allocpool-udp-pingpong: the C side of the messaging lab's ping-pong, over plain POSIX UDP sockets on
 * loopback, the same protocol and record as the Java side (messaging module, pingpong package):
 *
 *   allocpool-udp-pingpong pong [--host 127.0.0.1]
 *       binds a free port, prints "messaging-pong: listening on HOST:PORT", echoes every datagram back to
 *       the first sender until a ping with sequence -1 or the end of its stdin.
 *   allocpool-udp-pingpong ping --host H --port P [--rate N] [--warmup-s S] [--round-s S] [--rounds N] [--json]
 *       one 32-byte ping in flight (a little-endian sequence number and padding), back to back (--rate 0)
 *       or at N pings/s; times each round trip with clock_gettime(CLOCK_MONOTONIC) from the intended send
 *       time at a fixed rate (coordinated omission corrected) and from the actual send; prints one JSON
 *       record on stdout.
 *
 * Both ends poll non-blocking sockets and give the core away (sched_yield) between empty polls, as the
 * Java side does. Latencies go into a log-linear histogram with 1024 sub-buckets per power of two: a value
 * is known to within 1/1024 (< 0.1%) of itself, the precision of HdrHistogram with 3 significant digits,
 * and a percentile is reported as HdrHistogram reports it (the highest value of its bucket).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define MESSAGE_BYTES 32
#define END_SEQUENCE (-1LL)
#define LOSS_TIMEOUT_NS 1000000000LL
#define SUB_BITS 10
#define SUB_HALF (1 << SUB_BITS)          /* 1024 */
#define SUB_COUNT (2 << SUB_BITS)         /* 2048 */
#define MAX_BUCKETS 40
#define HIST_SIZE (SUB_COUNT + MAX_BUCKETS * SUB_HALF)
#define HIGHEST_NS 60000000000LL
#define MAX_ROUNDS 1000

typedef struct {
    uint64_t counts[HIST_SIZE];
    uint64_t total;
    int64_t max;
    double sum;
} histogram;

static int hist_index(int64_t v) {
    if (v < SUB_COUNT) {
        return (int) v;
    }
    int top = 63 - __builtin_clzll((unsigned long long) v); /* v in [2^top, 2^(top+1)) */
    int bucket = top - SUB_BITS;                             /* >= 1 */
    int64_t sub = v >> bucket;                               /* in [1024, 2048) */
    return SUB_COUNT + (bucket - 1) * SUB_HALF + (int) (sub - SUB_HALF);
}

static int64_t hist_highest(int index) {
    if (index < SUB_COUNT) {
        return index;
    }
    int bucket = (index - SUB_COUNT) / SUB_HALF + 1;
    int64_t sub = (index - SUB_COUNT) % SUB_HALF + SUB_HALF;
    return (sub << bucket) + ((int64_t) 1 << bucket) - 1;
}

static void hist_record(histogram *h, int64_t v) {
    if (v < 0) {
        v = 0;
    }
    if (v > HIGHEST_NS) {
        v = HIGHEST_NS;
    }
    h->counts[hist_index(v)]++;
    h->total++;
    h->sum += (double) v;
    if (v > h->max) {
        h->max = v;
    }
}

static void hist_reset(histogram *h) {
    memset(h, 0, sizeof(*h));
}

static int64_t hist_percentile(const histogram *h, double p) {
    if (h->total == 0) {
        return 0;
    }
    uint64_t target = (uint64_t) ceil(p / 100.0 * (double) h->total);
    if (target < 1) {
        target = 1;
    }
    uint64_t seen = 0;
    for (int i = 0; i < HIST_SIZE; i++) {
        seen += h->counts[i];
        if (seen >= target) {
            int64_t v = hist_highest(i);
            return v < h->max ? v : h->max;
        }
    }
    return h->max;
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void put_le64(unsigned char *b, int64_t v) {
    for (int i = 0; i < 8; i++) {
        b[i] = (unsigned char) ((uint64_t) v >> (8 * i));
    }
}

static int64_t get_le64(const unsigned char *b) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = (v << 8) | b[i];
    }
    return (int64_t) v;
}

static void usage_error(const char *what) {
    fprintf(stderr, "allocpool-udp-pingpong: %s\n", what);
    exit(2);
}

static double number_arg(const char *name, const char *value, double min) {
    char *end = NULL;
    double v = strtod(value, &end);
    if (end == value || *end != '\0' || !(v >= min) || isinf(v)) {
        fprintf(stderr, "allocpool-udp-pingpong: %s expects a number of at least %g, was '%s'\n", name, min, value);
        exit(2);
    }
    return v;
}

static int stdin_ended(void) {
    struct pollfd p = {.fd = 0, .events = POLLIN};
    if (poll(&p, 1, 0) > 0) {
        char sink[256];
        ssize_t n = read(0, sink, sizeof sink);
        return n <= 0;
    }
    return 0;
}

static int pong(const char *host) {
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = 0};
    if (fd < 0 || inet_pton(AF_INET, host, &addr.sin_addr) != 1 || bind(fd, (struct sockaddr *) &addr, sizeof addr) != 0) {
        fprintf(stderr, "allocpool-udp-pingpong: cannot bind a UDP socket on %s: %s\n", host, strerror(errno));
        return 1;
    }
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *) &addr, &len);
    printf("messaging-pong: listening on %s:%d\n", host, ntohs(addr.sin_port));
    fflush(stdout);
    unsigned char buf[MESSAGE_BYTES * 2];
    int connected = 0;
    unsigned long idle = 0;
    long long answered = 0;
    for (;;) {
        ssize_t n;
        if (!connected) {
            struct sockaddr_in peer;
            socklen_t peer_len = sizeof peer;
            n = recvfrom(fd, buf, sizeof buf, MSG_DONTWAIT, (struct sockaddr *) &peer, &peer_len);
            if (n > 0) {
                connect(fd, (struct sockaddr *) &peer, peer_len);
                connected = 1;
            }
        } else {
            n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        }
        if (n > 0) {
            if (n >= 8 && get_le64(buf) == END_SEQUENCE) {
                break;
            }
            send(fd, buf, (size_t) n, 0);
            answered++;
        } else if ((++idle & 1023) == 0 && stdin_ended()) {
            break;
        } else {
            sched_yield();
        }
    }
    fprintf(stderr, "pong: answered %lld pings over udp (C)\n", answered);
    close(fd);
    return 0;
}

static void json_latency(FILE *out, const char *name, const histogram *h) {
    fprintf(out, "\"%s\":{\"p50\":%lld,\"p90\":%lld,\"p99\":%lld,\"p999\":%lld,\"max\":%lld,\"mean\":%.1f}", name,
            (long long) hist_percentile(h, 50), (long long) hist_percentile(h, 90), (long long) hist_percentile(h, 99),
            (long long) hist_percentile(h, 99.9), (long long) h->max, h->total ? h->sum / (double) h->total : 0.0);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            fputc('\\', out);
        }
        if ((unsigned char) *s >= 0x20) {
            fputc(*s, out);
        }
    }
    fputc('"', out);
}

static void cpu_model(char *model, size_t size) {
    snprintf(model, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) {
        return;
    }
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon) {
                colon++;
                while (*colon == ' ' || *colon == '\t') {
                    colon++;
                }
                colon[strcspn(colon, "\n")] = '\0';
                snprintf(model, size, "%s", colon);
            }
            break;
        }
    }
    fclose(f);
}

static void json_env(FILE *out) {
    struct utsname u;
    int named = uname(&u) == 0;
    char model[256];
    cpu_model(model, sizeof model);
    char os[512];
    snprintf(os, sizeof os, "%s %s %s", named ? u.sysname : "unknown", named ? u.release : "", named ? u.machine : "");
    fprintf(out, "\"env\":{\"vm\":");
#if defined(__clang__)
    json_string(out, "clang " __clang_version__ " -O2");
#elif defined(__GNUC__)
    json_string(out, "gcc " __VERSION__ " -O2");
#else
    json_string(out, "cc -O2");
#endif
    fprintf(out, ",\"cpu\":");
    json_string(out, model);
    fprintf(out, ",\"cores\":%ld,\"os\":", sysconf(_SC_NPROCESSORS_ONLN));
    json_string(out, os);
    fprintf(out, ",\"host\":");
    json_string(out, named && u.nodename[0] ? u.nodename : "unknown");
    fputc('}', out);
}

static histogram corrected, uncorrected;

static int ping(const char *host, int port, long long rate, double warmup_s, double round_s, int rounds) {
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t) port)};
    if (fd < 0 || inet_pton(AF_INET, host, &to.sin_addr) != 1 || connect(fd, (struct sockaddr *) &to, sizeof to) != 0) {
        fprintf(stderr, "allocpool-udp-pingpong: cannot reach %s:%d: %s\n", host, port, strerror(errno));
        return -1;
    }
    unsigned char out[MESSAGE_BYTES] = {0};
    unsigned char in[MESSAGE_BYTES * 2];
    int64_t interval = rate > 0 ? 1000000000LL / rate : 0;
    int64_t start = now_ns();
    int64_t boundary = start + (int64_t) (warmup_s * 1e9);
    int64_t round_ns = (int64_t) (round_s * 1e9);
    double rates[MAX_ROUNDS];
    int round = -1;
    long long counted = 0, round_start = 0, lost = 0, sequence = 0;
    int64_t next = start;
    while (round < rounds) {
        int64_t now = now_ns();
        if (interval > 0) {
            while (now < next) {
                sched_yield();
                now = now_ns();
            }
        }
        int64_t intended = interval > 0 ? next : now;
        put_le64(out, sequence);
        while (send(fd, out, MESSAGE_BYTES, 0) != MESSAGE_BYTES) {
            if (errno == ECONNREFUSED) {
                fprintf(stderr, "allocpool-udp-pingpong: the pong went away\n");
                return -1;
            }
            sched_yield();
        }
        int64_t sent = now_ns();
        int64_t arrived;
        long long answer = LLONG_MIN;
        do {
            ssize_t n = recv(fd, in, sizeof in, MSG_DONTWAIT);
            arrived = now_ns();
            if (n >= 8) {
                answer = get_le64(in);
            } else if (n < 0 && errno == ECONNREFUSED) {
                fprintf(stderr, "allocpool-udp-pingpong: the pong went away\n");
                return -1;
            } else {
                sched_yield();
            }
        } while (answer != sequence && arrived - sent < LOSS_TIMEOUT_NS);
        if (answer == sequence) {
            if (round >= 0) {
                hist_record(&corrected, arrived - intended);
                hist_record(&uncorrected, arrived - sent);
                counted++;
            }
        } else if (round >= 0) {
            lost++;
        }
        sequence++;
        next += interval;
        if (arrived >= boundary) {
            if (round < 0) {
                hist_reset(&corrected);
                hist_reset(&uncorrected);
                counted = 0;
            } else {
                rates[round] = (double) (counted - round_start) * 1e9 / (double) (arrived - boundary + round_ns);
            }
            round++;
            round_start = counted;
            boundary = arrived + round_ns;
        }
    }
    put_le64(out, END_SEQUENCE);
    send(fd, out, MESSAGE_BYTES, 0);
    close(fd);

    double sorted[MAX_ROUNDS];
    memcpy(sorted, rates, sizeof(double) * (size_t) rounds);
    qsort(sorted, (size_t) rounds, sizeof(double), compare_doubles);
    double median = rounds % 2 ? sorted[rounds / 2] : (sorted[rounds / 2 - 1] + sorted[rounds / 2]) / 2;
    if (counted == 0) {
        printf("{\"experiment\":\"messaging\",\"status\":\"failed\",\"error\":\"no pong came back (%lld lost)\","
               "\"cell\":{\"kind\":\"pingpong\",\"transport\":\"udp-c\",\"rate\":%lld}}\n", lost, rate);
        return 1;
    }
    printf("{\"experiment\":\"messaging\",\"status\":\"ok\",\"cell\":{\"kind\":\"pingpong\",\"transport\":\"udp-c\","
           "\"rate\":%lld,\"messageBytes\":%d,\"warmupS\":%g,\"roundS\":%g,\"rounds\":%d},", rate, MESSAGE_BYTES, warmup_s,
           round_s, rounds);
    json_env(stdout);
    printf(",\"metrics\":{");
    json_latency(stdout, "latencyNs", &corrected);
    if (rate > 0) {
        putchar(',');
        json_latency(stdout, "latencyUncorrectedNs", &uncorrected);
    }
    printf(",\"roundTrips\":%lld,\"lost\":%lld,\"roundTripsPerSecond\":%.1f,\"roundTripsPerSecondRounds\":{\"median\":%.1f,"
           "\"min\":%.1f,\"max\":%.1f,\"rounds\":[", counted, lost, median, median, sorted[0], sorted[rounds - 1]);
    for (int i = 0; i < rounds; i++) {
        printf(i ? ",%.1f" : "%.1f", rates[i]);
    }
    printf("]},\"histogram\":\"log-linear, 1024 sub-buckets per power of two (within 0.1%%)\"}}\n");
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2 || (strcmp(argv[1], "ping") != 0 && strcmp(argv[1], "pong") != 0)) {
        usage_error("usage: allocpool-udp-pingpong pong [--host H] | ping --host H --port P [--rate N] [--warmup-s S]"
                    " [--round-s S] [--rounds N] [--json]");
    }
    const char *host = "127.0.0.1";
    int port = 0;
    long long rate = 0;
    double warmup_s = 2, round_s = 0.5;
    int rounds = 6;
    for (int i = 2; i < argc; i++) {
        const char *name = argv[i];
        if (strcmp(name, "--json") == 0) {
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "allocpool-udp-pingpong: unknown option or missing value: '%s'\n", name);
            return 2;
        }
        const char *value = argv[++i];
        if (strcmp(name, "--host") == 0) {
            host = value;
        } else if (strcmp(name, "--port") == 0) {
            port = (int) number_arg(name, value, 1);
        } else if (strcmp(name, "--rate") == 0) {
            rate = (long long) number_arg(name, value, 0);
        } else if (strcmp(name, "--warmup-s") == 0) {
            warmup_s = number_arg(name, value, 0);
        } else if (strcmp(name, "--round-s") == 0) {
            round_s = number_arg(name, value, 0.001);
        } else if (strcmp(name, "--rounds") == 0) {
            rounds = (int) number_arg(name, value, 1);
            if (rounds > MAX_ROUNDS) {
                usage_error("--rounds must be at most 1000");
            }
        } else {
            fprintf(stderr, "allocpool-udp-pingpong: unknown option '%s'\n", name);
            return 2;
        }
    }
    if (strcmp(argv[1], "pong") == 0) {
        return pong(host);
    }
    if (port == 0) {
        usage_error("ping needs --port");
    }
    int status = ping(host, port, rate, warmup_s, round_s, rounds);
    return status < 0 ? 1 : status;
}
