#!/bin/sh
# Configures and builds allocpool's native libraries and the C++ analyser with CMake. Called by the
# Maven build (native/pom.xml) as: build.sh <source dir> <build dir> <library output dir>
# A failure is one line on stderr (the Maven build makes it its error message); a failed CMake
# build's log goes to stdout before it.
set -eu
src=$1
build=$2
out=$3

missing() {
    echo "allocpool needs cmake, a C compiler and a C++17 compiler (gcc/g++ or clang/clang++): apt-get install cmake build-essential ($1 not found)" >&2
    exit 1
}

command -v cmake >/dev/null 2>&1 || missing cmake
if [ -n "${CC:-}" ]; then
    command -v "$CC" >/dev/null 2>&1 || missing "CC=$CC"
elif ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1 && ! command -v clang >/dev/null 2>&1; then
    missing "cc, gcc, clang"
fi
if [ -n "${CXX:-}" ]; then
    command -v "$CXX" >/dev/null 2>&1 || missing "CXX=$CXX"
elif ! command -v c++ >/dev/null 2>&1 && ! command -v g++ >/dev/null 2>&1 && ! command -v clang++ >/dev/null 2>&1; then
    missing "c++, g++, clang++"
fi

mkdir -p "$build"
log="$build/build.log"
if ! cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release "-DALLOCPOOL_LIBRARY_DIR=$out" >"$log" 2>&1 \
    || ! cmake --build "$build" >>"$log" 2>&1; then
    cat "$log"
    echo "allocpool: the native build of $src failed: see $log" >&2
    exit 1
fi
