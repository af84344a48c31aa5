/* SPDX-License-Identifier: MIT */
/* Sable device ABI: include this to get the whole protocol. */
#ifndef SABLE_PROTOCOL_H
#define SABLE_PROTOCOL_H
#include "sable_abi.h"
#include "sable_pci.h"
#include "sable_regs.h"
#include "sable_ring.h"
#include "sable_cmd.h"
#include "sable_dump.h"
#include "sable_3d.h"
#endif
