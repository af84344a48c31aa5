/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiSubmitCommand: turns a submission of a context into a ring
 * descriptor on the context's node. The DMA range is
 * [DmaBufferPhysicalAddress + StartOffset, + EndOffset) in GPU addresses;
 * an empty range is an empty submission. Every submission is fenced with
 * SubmissionFenceId extended to 64 bits; ids must move forward by less
 * than 2^31. Bad arguments return STATUS_INVALID_PARAMETER and never
 * reach the device.
 */
#ifndef KMD_SUBMIT_H
#define KMD_SUBMIT_H

#include "device.h"

NTSTATUS kmd_submit_command(KmdAdapter *a, const DXGKARG_SUBMITCOMMAND *args);

#endif
