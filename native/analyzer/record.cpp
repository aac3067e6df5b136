#include "record.hpp"

#include <sched.h>
#include <sys/utsname.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#ifndef ALLOCPOOL_CXX_FLAGS
#define ALLOCPOOL_CXX_FLAGS "-O3"
#endif

namespace allocpool {

std::string json_string(const std::string& value) {
    std::string out = "\"";
    for (char c : value) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

std::string json_double(double value) {
    if (!std::isfinite(value)) {
        return "null";
    }
    char buf[40];
    for (int precision = 1; precision <= 17; precision++) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, value);
        if (std::strtod(buf, nullptr) == value) {
            break;
        }
    }
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) {
        s += ".0";
    }
    return s;
}

std::string json_doubles(const std::vector<double>& values) {
    std::string list = "[";
    for (size_t i = 0; i < values.size(); i++) {
        list += (i == 0 ? "" : ",") + json_double(values[i]);
    }
    return list + "]";
}

JsonObject& JsonObject::raw(const char* key, const std::string& json) {
    if (!body_.empty()) {
        body_ += ',';
    }
    body_ += json_string(key) + ":" + json;
    return *this;
}
JsonObject& JsonObject::text(const char* key, const std::string& value) { return raw(key, json_string(value)); }
JsonObject& JsonObject::number(const char* key, int64_t value) { return raw(key, std::to_string(value)); }
JsonObject& JsonObject::number(const char* key, double value) { return raw(key, json_double(value)); }
JsonObject& JsonObject::boolean(const char* key, bool value) { return raw(key, value ? "true" : "false"); }

std::string cell_json(const Options& o) {
    JsonObject cell;
    cell.text("strategy", o.strategy).text("runtime", o.runtime).text("case", o.workload_case)
        .text("mode", o.realtime ? "realtime" : "batch")
        .number("queue", int64_t{o.queue}).number("stored", int64_t{o.stored})
        .number("pool", int64_t{o.pool}).number("mixPool", int64_t{o.mix_pool});
    // the plan, in Java's order (BatchRun.cell, RealtimeRun.cell): real time runs it before its source starts
    if (o.round_time_ms > 0) {
        cell.number("roundMs", o.round_time_ms);
    } else {
        cell.number("packets", o.packets);
    }
    cell.number("rounds", int64_t{o.rounds}).number("warmup", int64_t{o.warmup})
        .number("maxRounds", int64_t{o.max_rounds}).boolean("prefill", o.prefill)
        .number("warmupCollections", int64_t{o.warmup_collections});
    cell.number("packetSize", int64_t{o.packet_size}).number("keepOneIn", int64_t{o.keep_one_in});
    if (o.realtime) {
        if (o.find_interval) {
            cell.boolean("findInterval", true);
        } else {
            cell.number("intervalNs", o.interval_ns);
        }
        cell.number("maxDelayMs", int64_t{o.max_delay_ms})
            .number("durationS", o.duration_ms / 1000.0)
            .number("warmupS", o.warmup_ms / 1000.0)
            .boolean("pin", o.pin);
    }
    return cell.str();
}

namespace {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            size_t colon = line.find(':');
            size_t start = line.find_first_not_of(" \t", colon + 1);
            return start == std::string::npos ? "unknown" : line.substr(start);
        }
    }
    return "unknown";
}

int cores() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        return CPU_COUNT(&set);
    }
    return 1;
}

}  // namespace

std::string env_json() {
#if defined(__clang__)
    std::string compiler = "clang++ " __clang_version__;
#elif defined(__GNUC__)
    std::string compiler = "g++ " __VERSION__;
#else
    std::string compiler = "c++";
#endif
    struct utsname u;
    bool named = uname(&u) == 0;
    std::string os = named ? std::string(u.sysname) + " " + u.release + " " + u.machine : "unknown";
    // the kernel's host name, as Java's Environment reads it: runs merged from many machines are kept apart by it
    std::string host = named && u.nodename[0] != '\0' ? std::string(u.nodename) : "unknown";
    return JsonObject()
        .text("vm", compiler + " " + ALLOCPOOL_CXX_FLAGS)
        .text("cpu", cpu_model())
        .number("cores", int64_t{cores()})
        .text("os", os)
        .text("host", host)
        .str();
}

std::string counts_json(const WorkloadCounts& c) {
    return JsonObject()
        .number("made", c.made).number("parsed", c.parsed).number("tcpStored", c.tcp_stored)
        .number("evicted", c.evicted).number("freed", c.freed)
        .str();
}

std::string ok_record(const Options& o, const std::string& metrics_json) {
    return JsonObject()
        .text("experiment", "analyzer").text("status", "ok")
        .raw("cell", cell_json(o)).raw("env", env_json()).raw("metrics", metrics_json)
        .str();
}

std::string failed_record(const Options& o, const std::string& error) {
    return JsonObject()
        .text("experiment", "analyzer").text("status", "failed").text("error", error)
        .raw("cell", cell_json(o)).raw("env", env_json())
        .str();
}

}  // namespace allocpool
