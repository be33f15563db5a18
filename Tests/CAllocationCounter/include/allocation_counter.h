/* Counts the C heap allocations the process makes (malloc and its kin,
 * from every thread) while counting is on: for tests that check a frame
 * allocates nothing. Not available under a sanitizer, which owns malloc. */
#ifndef LFX_ALLOCATION_COUNTER_H
#define LFX_ALLOCATION_COUNTER_H

/* 1 when the counter is built in, 0 under a sanitizer. */
int lfx_allocation_counter_available(void);
/* Starts counting from 0. */
void lfx_allocation_counter_start(void);
/* Stops counting; the allocations since the start. */
long lfx_allocation_counter_stop(void);

#endif
