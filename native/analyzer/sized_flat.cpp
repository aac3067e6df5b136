#include "workload_factory.hpp"

namespace allocpool {

// dummy over a SizedFlatPacket: its one packet made with new, which gives it its bytes.
template <>
class DummyPackets<SizedFlatPacket> {
public:
    using Packet = SizedFlatPacket;
    static constexpr const char* kName = "dummy";

    DummyPackets() : packet_(new SizedFlatPacket()) {}
    ~DummyPackets() { delete packet_; }
    DummyPackets(const DummyPackets&) = delete;
    DummyPackets& operator=(const DummyPackets&) = delete;

    SizedFlatPacket* get() { return packet_; }  // hot path: no allocation
    void free(SizedFlatPacket*) {}              // the one packet is reused as is
    std::string exhaustion() const { return "strategy 'dummy' could not make a packet"; }

private:
    SizedFlatPacket* const packet_;
};

std::unique_ptr<Workload> make_sized_flat(const Options& o) { return make_for<SizedFlatPacket>(o); }

}  // namespace allocpool
