/* glibc's allocator tuning (mallopt), for the command-line tool's MemoryReuse. */
#include <malloc.h>
