/* A parallel loop on libdispatch's worker threads that allocates nothing
 * per call: the evaluator's frame tasks, run every frame of a sequence. */
#ifndef LFX_PARALLEL_H
#define LFX_PARALLEL_H

#include <stddef.h>

/* Calls body(context, i) for every i in 0..<count on the system's worker
 * threads (dispatch_apply_f with DISPATCH_APPLY_AUTO) and returns when all
 * calls have returned. Internal: not exported from liblayerfx. */
__attribute__((visibility("hidden")))
void lfx_parallel_for(size_t count, void *context, void (*body)(void *context, size_t index));

#endif
