/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-state: save and restore the device core's state (live migration,
 * savevm/loadvm). The state is a versioned little-endian byte stream
 * (docs/architecture.md, "Migration"): every register, ring, GART and fence
 * setting, the engines with their submission and resumable command in
 * flight, injections, swizzle ranges, scanout, interrupts, fault records,
 * counters and the dump configuration. VRAM and BAR4 are host RAM the host
 * migrates itself. Times (engine timer deadlines, the scanout epoch) travel
 * relative to the device clock at save time, so a restored device re-arms
 * its timers from its new clock.
 */
#ifndef SABLE_STATE_H
#define SABLE_STATE_H

#include "sable-core.h"

#define SABLE_STATE_MAGIC 0x53424c53u /* bytes "SLBS" in the stream */
#define SABLE_STATE_VERSION 1u
/* Largest stream sable_state_load accepts (hosts bound their buffers). */
#define SABLE_STATE_MAX_SIZE (64u * 1024)

/* The device's state as a stream; free with g_byte_array_unref. Changes
 * nothing in the device. */
GByteArray *sable_state_save(SableDevice *dev);

/* Replace the device's state by a stream from sable_state_save. The stream
 * is untrusted input: a truncated, oversized, wrong-version or inconsistent
 * stream (values a guest could never have programmed) fails with err set and
 * leaves the device unchanged. On success the engines' timers and the
 * vblank timer are re-armed from the device clock, every engine is
 * scheduled, and the interrupt level is driven if it changed. */
bool sable_state_load(SableDevice *dev, const uint8_t *data, size_t len,
                      GError **err);

/* True while the device holds state that cannot be migrated (live 3D
 * contexts, whose renderer state lives outside the core): hosts block
 * migration meanwhile. No 3D state exists yet: always false. */
bool sable_state_has_live_3d(const SableDevice *dev);

#endif
