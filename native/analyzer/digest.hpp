// A running 64-bit hash of what the workload did, bit for bit as Java's
// org.allocpool.analyzer.WorkloadDigest, so that equal digests show that the two analysers parsed and
// stored the same packets: the fields each parse yields (addresses, ports, protocol) and the store
// index each TCP packet goes to, in the order they happen. Not cryptographic: an xor, a multiply and a
// rotate per 64-bit word on values the parser has just read, a few instructions per packet.
//
//   h = kDigestSeed                                   (FNV-1a's 64-bit offset basis)
//   fold(h, w) = rotl((h ^ w) * 0x9E3779B97F4A7C15, 31)
//   a parsed packet: h = fold(fold(h, (src << 32) | (uint32) dst),
//                             (src_port << 48) | (dst_port << 32) | (uint32) protocol)
//   a stored packet: h = fold(h, store_index)
//
// Ports are unsigned 16-bit values, addresses and the protocol 32-bit ints as read from the packet.
// Stateless functions; thread-safe. The digest lives in the single-threaded workload's counts.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace allocpool {

constexpr uint64_t kDigestSeed = 0xCBF29CE484222325ull;

// hot path: no allocation; an xor, a multiply and a rotate (one `rol`)
inline uint64_t digest_fold(uint64_t digest, uint64_t word) {
    uint64_t x = (digest ^ word) * 0x9E3779B97F4A7C15ull;
    return (x << 31) | (x >> 33);
}

// hot path: no allocation; two folds of fields already in registers
inline uint64_t digest_parsed(uint64_t digest, int32_t source, int32_t destination, int32_t source_port,
                              int32_t destination_port, int32_t protocol) {
    uint64_t addresses = (static_cast<uint64_t>(static_cast<uint32_t>(source)) << 32)
                         | static_cast<uint32_t>(destination);
    uint64_t rest = (static_cast<uint64_t>(static_cast<uint32_t>(source_port)) << 48)
                    | (static_cast<uint64_t>(static_cast<uint32_t>(destination_port)) << 32)
                    | static_cast<uint32_t>(protocol);
    return digest_fold(digest_fold(digest, addresses), rest);
}

// hot path: no allocation; one fold
inline uint64_t digest_stored(uint64_t digest, int32_t index) {
    // Java folds the int index widened to a long: sign-extended, the same for the non-negative index
    return digest_fold(digest, static_cast<uint64_t>(static_cast<int64_t>(index)));
}

// 16 lowercase hex digits, as Java's WorkloadDigest.hex.
inline std::string digest_hex(uint64_t digest) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(digest));
    return buf;
}

}  // namespace allocpool
