# Included by CMake right after llama.cpp's own project() call when the llama-cpp-python wheel is
# compiled (`make llama-wheel`). llama-cpp-python turns on llama.cpp's "common" library (argument
# parsing, chat parsers, an HTTP client), which its Python package never loads: it loads libllama
# and libggml only. Left out, the compile is about a third shorter.
set(LLAMA_BUILD_COMMON OFF CACHE BOOL "llama: build common utils library" FORCE)
