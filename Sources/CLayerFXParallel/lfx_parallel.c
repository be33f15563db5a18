#include "lfx_parallel.h"

/* libdispatch's C entry point, which Swift's Dispatch module does not
 * export (its concurrentPerform boxes the closure on every call);
 * DISPATCH_APPLY_AUTO is NULL. */
extern void dispatch_apply_f(size_t iterations, void *queue, void *context, void (*work)(void *, size_t));

void lfx_parallel_for(size_t count, void *context, void (*body)(void *context, size_t index)) {
    dispatch_apply_f(count, NULL, context, body);
}
