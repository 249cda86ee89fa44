// doctest's main, compiled once and linked into every unit test executable
// (each copy took up to half a minute to compile in the sanitizer build).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
