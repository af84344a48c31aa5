/* SPDX-License-Identifier: MIT */
/*
 * Sable: TDR and escape DDI types (d3dkmddi.h), written from Microsoft's
 * public reference pages for DXGK_TDR_TYPE, DXGKARG_COLLECTDBGINFO(2) and _EXT,
 * DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT, DXGKARG_QUERYDEPENDENTENGINEGROUP,
 * DXGKARG_QUERYENGINESTATUS, DXGK_ENGINESTATUS, DXGKARG_RESETENGINE and
 * DXGKARG_ESCAPE.
 */
#ifndef SABLE_WDDM_TDR_H
#define SABLE_WDDM_TDR_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DXGK_TDR_TYPE: values as documented. */
typedef enum _DXGK_TDR_TYPE {
    DXGK_TDR_TYPE_UNKNOWN = 0,
    DXGK_TDR_TYPE_FORCED = 1,
    DXGK_TDR_TYPE_PREEMPT_TIMEOUT = 2,
    DXGK_TDR_TYPE_VSYNC_TIMEOUT = 3,
    DXGK_TDR_TYPE_DOD_PRESENT_FORCED = 4,
    DXGK_TDR_TYPE_DOD_PRESENT_TIMEOUT = 5,
    DXGK_TDR_TYPE_ENGINE_TIMEOUT = 6,
    DXGK_TDR_TYPE_DOD_VSYNC_FORCED = 7,
    DXGK_TDR_TYPE_DOD_VSYNC_TIMEOUT = 8,
    DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED = 9,
    DXGK_TDR_TYPE_PAGE_FAULT = 10,
    DXGK_TDR_TYPE_INVALID_FENCE = 11,
    DXGK_TDR_TYPE_ENGINE_PAGE_FAULT = 12,
    DXGK_TDR_TYPE_DISPLAY_ENGINE_FAULT = 13,
} DXGK_TDR_TYPE;

/* Payload for TdrType == DXGK_TDR_TYPE_ENGINE_TIMEOUT (documented syntax). */
typedef struct _DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT {
    UINT NodeOrdinal;
    UINT EngineOrdinal;
    ULONGLONG LastHwCompletedFenceId;
    ULONGLONG LastHwSubmittedFenceId;
    ULONG NumberOfPendingSuspendRequests;
    ULONG NumberOfReadyInteractiveHwQueues;
    HANDLE hContext; /* [out] context the KMD believes timed out, or NULL */
} DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT;

/* Payload for DXGK_TDR_TYPE_VSYNC_TIMEOUT: members not declared (display). */
typedef struct _DXGK_TDR_PAYLOAD_VSYNC_TIMEOUT DXGK_TDR_PAYLOAD_VSYNC_TIMEOUT;

/* DXGKARG_COLLECTDBGINFO_EXT: OS-allocated, optionally filled by the
 * driver: BucketingKey ("optional integer key for Microsoft Online Crash
 * Analysis (OCA) bucketing") and CurrentDmaBufferOffset ("optional
 * execution offset into the current DMA buffer"), then Reserved2..7. */
typedef struct _DXGKARG_COLLECTDBGINFO_EXT {
    UINT BucketingKey;           /* [out] */
    UINT CurrentDmaBufferOffset; /* [out] */
    UINT Reserved2;
    UINT Reserved3;
    UINT Reserved4;
    UINT Reserved5;
    UINT Reserved6;
    UINT Reserved7;
} DXGKARG_COLLECTDBGINFO_EXT;

typedef struct _DXGKARG_COLLECTDBGINFO {
    UINT Reason; /* VIDEO_TDR_TIMEOUT_DETECTED / VIDEO_ENGINE_TIMEOUT_DETECTED */
    VOID *pBuffer;
    SIZE_T BufferSize;
    DXGKARG_COLLECTDBGINFO_EXT *pExtension;
} DXGKARG_COLLECTDBGINFO;

/* "The layout of DXGKARG_COLLECTDBGINFO2 is backward compatible with
 * DXGKARG_COLLECTDBGINFO"; TdrPayload may be NULL. */
typedef struct _DXGKARG_COLLECTDBGINFO2 {
    UINT Reason;
    VOID *pBuffer;
    SIZE_T BufferSize;
    DXGKARG_COLLECTDBGINFO_EXT *pExtension;
    DXGK_TDR_TYPE TdrType;
    UINT TdrPayloadSize;
    VOID *TdrPayload;
} DXGKARG_COLLECTDBGINFO2;

typedef struct _DXGKARG_QUERYDEPENDENTENGINEGROUP {
    UINT NodeOrdinal;
    UINT EngineOrdinal;
    ULONGLONG DependentNodeOrdinalMask; /* [out] */
} DXGKARG_QUERYDEPENDENTENGINEGROUP;

typedef struct _DXGK_ENGINESTATUS {
    union {
        struct {
            UINT Responsive : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_ENGINESTATUS;

typedef struct _DXGKARG_QUERYENGINESTATUS {
    UINT NodeOrdinal;
    UINT EngineOrdinal;
    DXGK_ENGINESTATUS EngineStatus; /* [out] */
} DXGKARG_QUERYENGINESTATUS;

typedef struct _DXGKARG_RESETENGINE {
    UINT NodeOrdinal;
    UINT EngineOrdinal;
    UINT LastAbortedFenceId; /* [out] */
} DXGKARG_RESETENGINE;

/* DXGK_ESCAPEFLAGS: 32-bit flags union; HardwareAccess is bit 0. */
typedef struct _DXGK_ESCAPEFLAGS {
    union {
        struct {
            UINT HardwareAccess : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_ESCAPEFLAGS;

typedef struct _DXGKARG_ESCAPE {
    HANDLE hDevice;
    DXGK_ESCAPEFLAGS Flags;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    HANDLE hContext;
} DXGKARG_ESCAPE;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_TDR_H */
