// The workload of one packet flavour for the options' strategy, as a template, so that each flavour's
// instantiations can live in a translation unit of their own (see sized_flat.cpp).
#pragma once

#include <memory>

#include "analyzer.hpp"
#include "options.hpp"
#include "strategies.hpp"

namespace allocpool {

// A new workload of packets of flavour P for the options' strategy and sizes; pools are made now.
template <class P>
std::unique_ptr<Workload> make_for(const Options& o) {
    if (o.strategy == "dummy") {
        return std::make_unique<PacketAnalyzer<DummyPackets<P>>>(o.queue, o.stored);
    }
    if (o.strategy == "alloc") {
        return std::make_unique<PacketAnalyzer<AllocatingPackets<P>>>(o.queue, o.stored);
    }
    if (o.strategy == "mix") {
        return std::make_unique<PacketAnalyzer<MixedPackets<P>>>(o.queue, o.stored, o.mix_pool);
    }
    return std::make_unique<PacketAnalyzer<PooledPackets<P>>>(o.queue, o.stored, o.pool);
}

// make_for<SizedFlatPacket>, compiled in sized_flat.cpp: in batch.cpp its four instantiations grew the
// unit enough that GCC stopped inlining ObjectPacket::parse into the cpp pool loop (callgrind: 785
// instructions a packet against 762), so the flavours of the article's size are compiled as before.
std::unique_ptr<Workload> make_sized_flat(const Options& o);

}  // namespace allocpool
