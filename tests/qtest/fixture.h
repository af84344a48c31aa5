/* SPDX-License-Identifier: MIT */
/* Shared set-up for the qemu suite: every test starts its own QEMU. */
#ifndef SQT_FIXTURE_H
#define SQT_FIXTURE_H

#include "sable-qtest.h"

/* Open the device (asserting success); opt may be NULL for defaults. */
SqtDevice *fixture_open(const SqtOptions *opt);
/* Submit cb on engine e, wait for its fence (asserting it completes within
 * the default device-time timeout) and return the fence. */
uint64_t fixture_run(SqtDevice *d, unsigned e, const SqtCmdBuf *cb);
/* Acknowledge every pending interrupt cause and clear the MSI slots. */
void fixture_irq_clear(SqtDevice *d);
/* QMP screendump of the device's console (asserting success; g_free rgb). */
SqtFrame fixture_screendump(SqtDevice *d);
/* Fill buf with bytes from a fixed-seed generator. */
void fixture_random_bytes(GRand *rng, void *buf, size_t len);

#endif
