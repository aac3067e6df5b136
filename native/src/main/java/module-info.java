/**
 * allocpool's native libraries (C) and programs (the C++ analyser), built with CMake and carried
 * as resources of this module, one folder per platform
 * ({@code org/allocpool/nativelib/linux-x86_64/libclocksource.so}, {@code .../allocpool-analyzer}).
 * The module only hands them out; loading or running them is the job of the module that uses them.
 */
module org.allocpool.nativelib {
    exports org.allocpool.nativelib;
}
