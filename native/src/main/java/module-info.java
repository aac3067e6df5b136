/**
 * allocpool's native libraries, built from C with CMake and carried as resources of this module,
 * one folder per platform ({@code org/allocpool/nativelib/linux-x86_64/libclocksource.so}).
 * The module only hands them out; loading them is the job of the module that calls them.
 */
module org.allocpool.nativelib {
    exports org.allocpool.nativelib;
}
