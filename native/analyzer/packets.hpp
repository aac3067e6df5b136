// The analyser's packets and their generator, in the two flavours of the article's C++ code:
// ObjectPacket (`cpp`: parsing allocates a header, two addresses and the parsed packet with
// `new`, as the Java analyser does) and FlatPacket (`cpp-flat`: the parse result is reserved
// inside the packet; parsing allocates nothing). Single-threaded; not thread-safe.
#pragma once

#include <cstdint>
#include <cstring>
#include <new>

#include "digest.hpp"

namespace allocpool {

// Bytes in a packet buffer of the article's shape, protocol values and the generated packet's
// size: as org.allocpool.analyzer.packet.PacketSource.
constexpr int kPacketSize = 1024;
constexpr int32_t kIpProtocol = 1;
constexpr int32_t kTcp = 2;
constexpr int32_t kUdp = 1;
constexpr int kWrittenBytes = 24;
constexpr int kProtocolOffset = 16;  // where the protocol field sits in a packet's bytes

// Bytes allocated by the analyser's own `new`s (packets, buffers, parse results) on the processing
// thread; read before and after the timed part of a run. Plain, not atomic: one thread writes it.
extern uint64_t g_allocated_bytes;

// The packets' shape of this run (--packet-size, --keep-one-in; Java's WorkloadShape), set once by
// make_workload before any packet or generator is made, read when one is.
extern int32_t g_packet_size;
extern int32_t g_keep_one_in;

template <class T, class... Args>
inline T* counted_new(Args&&... args) {
    g_allocated_bytes += sizeof(T);
    return new T(static_cast<Args&&>(args)...);
}

// Big-endian, as java.nio.ByteBuffer writes by default: the packet bytes are the same as Java's.
inline void put_int(uint8_t* at, int32_t v) {
    uint32_t be = __builtin_bswap32(static_cast<uint32_t>(v));
    std::memcpy(at, &be, 4);
}
inline void put_short(uint8_t* at, int16_t v) {
    uint16_t be = __builtin_bswap16(static_cast<uint16_t>(v));
    std::memcpy(at, &be, 2);
}
inline int32_t get_int(const uint8_t* at) {
    uint32_t be;
    std::memcpy(&be, at, 4);
    return static_cast<int32_t>(__builtin_bswap32(be));
}
inline int32_t get_ushort(const uint8_t* at) {
    uint16_t be;
    std::memcpy(&be, at, 2);
    return __builtin_bswap16(be);
}

// Folds the fields as a packet's bytes hold them (PacketSource's layout) into `digest`.
inline void fold_packet_bytes(StateDigest& digest, const uint8_t* buffer) {
    digest.packet(get_int(buffer + 4), get_int(buffer + 8), get_ushort(buffer + 12), get_ushort(buffer + 14),
                  get_int(buffer + kProtocolOffset));
}

// The article's generator: a counter, never a random number generator, so C++ and Java see the
// same packets. The same counter picks the stored index of each TCP packet, so calls must come in
// the same order as in Java. One packet in g_keep_one_in (16 in the article) is TCP.
//
//  0        4          8          12       14       16         20       24
// +--------+----------+----------+--------+--------+----------+--------+
// | IP = 1 | src addr | dst addr | s.port | d.port | protocol | length |
// +--------+----------+----------+--------+--------+----------+--------+
class PacketSource {
public:
    PacketSource() : mask_(g_keep_one_in - 1) {}

    // Whether counter value n (non-negative) makes a TCP packet: n % keep == 0 as a mask (keep is a
    // power of two, the article's 16), as Java's PacketSource.isKept. hot path: no allocation
    bool is_kept(int32_t n) const { return (n & mask_) == 0; }

    // hot path: no allocation. Java's (++counter) & 0x7FFFFFFF on an int that wraps.
    int32_t next_positive() { return static_cast<int32_t>(++counter_ & 0x7FFFFFFFu); }

    // hot path: no allocation
    void simulate(uint8_t* buffer) {
        int32_t length = next_positive() % 64 + 50;
        put_int(buffer, kIpProtocol);
        put_int(buffer + 4, next_positive() % 1024);
        put_int(buffer + 8, next_positive() % 1024);
        put_short(buffer + 12, static_cast<int16_t>(next_positive() % 1024));
        put_short(buffer + 14, static_cast<int16_t>(next_positive() % 1024));
        put_int(buffer + 16, is_kept(next_positive()) ? kTcp : kUdp);
        put_int(buffer + 20, length);
    }

private:
    uint32_t counter_ = 0;
    int32_t mask_;
};

// --- cpp: parse results are objects, one `new` each -----------------------------------------

struct IP4Address {
    explicit IP4Address(int32_t a) : address(a) {}
    int32_t address;
};

struct IPHeader {
    explicit IPHeader(const uint8_t* at)
        : source(counted_new<IP4Address>(get_int(at))),
          destination(counted_new<IP4Address>(get_int(at + 4))),
          source_port(get_ushort(at + 8)),
          destination_port(get_ushort(at + 10)),
          protocol(get_int(at + 12)) {}
    ~IPHeader() {
        delete source;
        delete destination;
    }
    IPHeader(const IPHeader&) = delete;
    IPHeader& operator=(const IPHeader&) = delete;

    IP4Address* source;
    IP4Address* destination;
    int32_t source_port;
    int32_t destination_port;
    int32_t protocol;
};

// The parsed packet: its header and a view of the packet's bytes after it (Java's read-only
// ByteBuffer view; here a pointer and a length, which allocate nothing).
struct IPPacket {
    IPPacket(IPHeader* h, const uint8_t* p, int32_t n) : header(h), payload(p), payload_length(n) {}
    ~IPPacket() { delete header; }
    IPPacket(const IPPacket&) = delete;
    IPPacket& operator=(const IPPacket&) = delete;

    IPHeader* header;
    const uint8_t* payload;
    int32_t payload_length;
};

// A packet with a separate buffer of g_packet_size bytes, as Java's Packet over
// ByteBuffer.wrap(new byte[size]). Owns its buffer and its parse result.
class ObjectPacket {
public:
    static constexpr const char* kFlavour = "cpp";

    // The buffer is not zeroed: the generator writes every byte the parser reads.
    ObjectPacket() : buffer_(new uint8_t[static_cast<size_t>(g_packet_size)]) {
        g_allocated_bytes += static_cast<uint64_t>(g_packet_size);
    }
    ~ObjectPacket() {
        delete ip_;
        delete[] buffer_;
    }
    ObjectPacket(const ObjectPacket&) = delete;
    ObjectPacket& operator=(const ObjectPacket&) = delete;

    uint8_t* buffer() { return buffer_; }

    // Parses from the buffer's start; returns the protocol, or -1 if this is not an IP packet.
    // A previous parse result (the dummy strategy's one packet) is deleted first.
    int32_t parse() {
        if (get_int(buffer_) != kIpProtocol) {
            return -1;
        }
        IPHeader* header = counted_new<IPHeader>(buffer_ + 4);
        delete ip_;
        ip_ = counted_new<IPPacket>(header, buffer_ + 4 + 16, kWrittenBytes - 4 - 16);
        return header->protocol;
    }

    // Forgets the parse result, so a pooled packet does not keep it (Java's Packet.free()).
    void free() {
        delete ip_;
        ip_ = nullptr;
    }

    const IPPacket* ip_packet() const { return ip_; }

    // Folds the parse result into `digest`, or the bytes when there is none (Java's PacketAnalyzer).
    void fold_into(StateDigest& digest) const {
        if (ip_ == nullptr) {
            fold_packet_bytes(digest, buffer_);
            return;
        }
        const IPHeader* h = ip_->header;
        digest.packet(h->source->address, h->destination->address, h->source_port, h->destination_port, h->protocol);
    }

private:
    uint8_t* buffer_;
    IPPacket* ip_ = nullptr;
};

// --- cpp-flat: the parse result lives inside the packet ---------------------------------------

// A sized flat packet's parse result, kept beside its bytes, as FlatPacket keeps its own. Not shared
// with FlatPacket on purpose: parsing from a pointer into a separate result object lets the compiler
// assume the two may overlap, and FlatPacket's dummy loop took 89 instructions a packet that way
// against 83 with its own members (callgrind, case A). hot path: no allocation
class FlatResult {
public:
    // Parses the packet at `buffer`; returns the protocol, or -1 if this is not an IP packet.
    int32_t parse(const uint8_t* buffer) {
        if (get_int(buffer) != kIpProtocol) {
            return -1;
        }
        source_ = get_int(buffer + 4);
        destination_ = get_int(buffer + 8);
        source_port_ = get_ushort(buffer + 12);
        destination_port_ = get_ushort(buffer + 14);
        protocol_ = get_int(buffer + 16);
        parsed_ = true;
        return protocol_;
    }

    void free() { parsed_ = false; }

    bool is_parsed() const { return parsed_; }

    // Folds the parse result into `digest`, or the bytes when there is none (Java's FlatAnalyzer).
    void fold_into(StateDigest& digest, const uint8_t* buffer) const {
        if (!parsed_) {
            fold_packet_bytes(digest, buffer);
            return;
        }
        digest.packet(source_, destination_, source_port_, destination_port_, protocol_);
    }

private:
    int32_t source_ = 0;
    int32_t destination_ = 0;
    int32_t source_port_ = 0;
    int32_t destination_port_ = 0;
    int32_t protocol_ = 0;
    bool parsed_ = false;
};

// The article's flat packet: 1024 bytes, then the parse result, in one object.
class FlatPacket {
public:
    static constexpr const char* kFlavour = "cpp-flat";

    FlatPacket() = default;
    FlatPacket(const FlatPacket&) = delete;
    FlatPacket& operator=(const FlatPacket&) = delete;

    uint8_t* buffer() { return buffer_; }

    // hot path: no allocation
    int32_t parse() {
        if (get_int(buffer_) != kIpProtocol) {
            return -1;
        }
        source_ = get_int(buffer_ + 4);
        destination_ = get_int(buffer_ + 8);
        source_port_ = get_ushort(buffer_ + 12);
        destination_port_ = get_ushort(buffer_ + 14);
        protocol_ = get_int(buffer_ + 16);
        parsed_ = true;
        return protocol_;
    }

    // hot path: no allocation
    void free() { parsed_ = false; }

    bool is_parsed() const { return parsed_; }

    // Folds the parse result into `digest`, or the bytes when there is none (Java's FlatAnalyzer).
    void fold_into(StateDigest& digest) const {
        if (!parsed_) {
            fold_packet_bytes(digest, buffer_);
            return;
        }
        digest.packet(source_, destination_, source_port_, destination_port_, protocol_);
    }

private:
    uint8_t buffer_[kPacketSize];
    int32_t source_ = 0;
    int32_t destination_ = 0;
    int32_t source_port_ = 0;
    int32_t destination_port_ = 0;
    int32_t protocol_ = 0;
    bool parsed_ = false;
};

// A flat packet of any other --packet-size: the parse result, then g_packet_size bytes in the same
// allocation (its operator new asks for them), so that one `new` still makes the whole packet. Only
// ever made with new (the strategies do, and dummy's own in sized_flat.cpp): one on the stack or
// inside another object would have no bytes.
class SizedFlatPacket {
public:
    static constexpr const char* kFlavour = "cpp-flat";

    static void* operator new(size_t bytes) { return ::operator new(bytes + static_cast<size_t>(g_packet_size)); }
    static void operator delete(void* p) { ::operator delete(p); }

    // counted_new counts sizeof; the bytes after it are counted here
    SizedFlatPacket() { g_allocated_bytes += static_cast<uint64_t>(g_packet_size); }
    SizedFlatPacket(const SizedFlatPacket&) = delete;
    SizedFlatPacket& operator=(const SizedFlatPacket&) = delete;

    uint8_t* buffer() { return reinterpret_cast<uint8_t*>(this) + sizeof(SizedFlatPacket); }
    const uint8_t* buffer() const { return reinterpret_cast<const uint8_t*>(this) + sizeof(SizedFlatPacket); }

    // hot path: no allocation
    int32_t parse() { return result_.parse(buffer()); }

    // hot path: no allocation
    void free() { result_.free(); }

    bool is_parsed() const { return result_.is_parsed(); }

    void fold_into(StateDigest& digest) const { result_.fold_into(digest, buffer()); }

private:
    FlatResult result_;
};

}  // namespace allocpool
