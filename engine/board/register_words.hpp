#pragma once
// The widest vector registers the build may use, in 64-bit words: 8 with
// AVX-512, 4 with AVX2, 2 otherwise (SSE, the portable x86-64-v2 build).
// The fills of the larger boards choose their layout by it (wide_simd.hpp),
// and the levels' node rates, measured per width, follow it
// (engine/search/levels.cpp): one binary always plays a level alike.

namespace flank {

inline constexpr int kRegisterWords =
#if defined(__AVX512F__)
    8;
#elif defined(__AVX2__)
    4;
#else
    2;
#endif

}  // namespace flank
