#include "workload_factory.hpp"

namespace allocpool {

std::unique_ptr<Workload> make_sized_flat(const Options& o) { return make_for<SizedFlatPacket>(o); }

}  // namespace allocpool
