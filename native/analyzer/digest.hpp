// A 64-bit hash of what a workload holds at the end of a run, bit for bit as Java's
// org.allocpool.analyzer.StateDigest, so that equal digests show that the Java and C++ analysers
// parsed and stored the same packets at the same places: the parse result of every stored packet in
// store order (an empty place folds -1), then the fields of every queued packet, oldest first.
// Taken once, after the timed rounds: nothing is added to the per-packet path. Not cryptographic.
//
//   h = kDigestSeed                                   (FNV-1a's 64-bit offset basis)
//   fold(h, w) = rotl((h ^ w) * 0x9E3779B97F4A7C15, 31)
//   a packet: h = fold(fold(h, (src << 32) | (uint32) dst),
//                      (src_port << 48) | (dst_port << 32) | (uint32) protocol)
//   an empty store place: h = fold(h, -1)
//
// Ports are unsigned 16-bit values, addresses and the protocol 32-bit ints as the packet holds them.
// Single-threaded: a value type filled and read by one thread; owns no memory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace allocpool {

class StateDigest {
public:
    void packet(int32_t source, int32_t destination, int32_t source_port, int32_t destination_port,
                int32_t protocol) {
        uint64_t addresses = (static_cast<uint64_t>(static_cast<uint32_t>(source)) << 32)
                             | static_cast<uint32_t>(destination);
        uint64_t rest = (static_cast<uint64_t>(static_cast<uint32_t>(source_port) & 0xFFFFu) << 48)
                        | (static_cast<uint64_t>(static_cast<uint32_t>(destination_port) & 0xFFFFu) << 32)
                        | static_cast<uint32_t>(protocol);
        fold(addresses);
        fold(rest);
    }

    void empty() { fold(~uint64_t{0}); }

    // 16 lowercase hex digits, as Java's StateDigest.hex.
    std::string hex() const {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(digest_));
        return buf;
    }

private:
    void fold(uint64_t word) {
        uint64_t x = (digest_ ^ word) * 0x9E3779B97F4A7C15ull;
        digest_ = (x << 31) | (x >> 33);
    }

    uint64_t digest_ = 0xCBF29CE484222325ull;
};

}  // namespace allocpool
