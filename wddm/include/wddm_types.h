/* SPDX-License-Identifier: MIT */
/*
 * Sable: base types for our own WDDM kernel-mode DDI declarations.
 *
 * Written from Microsoft's public documentation (learn.microsoft.com,
 * "Windows Data Types", "NTSTATUS Values", d3dkmddi.h / dispmprt.h reference
 * pages).  No header text from the WDK, ReactOS, Wine or mingw-w64 was used.
 *
 * Every Windows type is mapped to a fixed-width C11 type so that each DDI
 * structure has the same layout in a Linux x86-64 (LP64) build and in a
 * mingw-w64 x64 (LLP64) build:  ULONG is 32 bits everywhere, pointers and
 * SIZE_T are 64 bits on both x64 targets.
 *
 * These headers replace the WDK headers for the Sable KMD; they are not meant
 * to be mixed with <windows.h>/<ntddk.h> in one translation unit.
 */
#ifndef SABLE_WDDM_TYPES_H
#define SABLE_WDDM_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Calling convention of DDI entry points and dxgkrnl callbacks.  x64 Windows
 * has a single calling convention, so this expands to nothing there and on the
 * host.  (A 32-bit Windows build, which Sable does not target, would need
 * __stdcall.) */
#if defined(_WIN32) && !defined(_WIN64)
#define WDDM_API __stdcall
#else
#define WDDM_API
#endif

/* ---- scalar types ("Windows Data Types") ---- */
typedef void VOID;
typedef void *PVOID;
typedef void *HANDLE;
typedef uint8_t BOOLEAN;
typedef BOOLEAN *PBOOLEAN;
typedef uint8_t UCHAR;
typedef uint8_t BYTE;
typedef uint16_t USHORT;
typedef uint16_t WCHAR;
typedef int32_t INT;
typedef uint32_t UINT;
typedef int32_t LONG;
typedef uint32_t ULONG;
typedef ULONG *PULONG;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef uint64_t UINT64;
typedef uint32_t UINT32;
typedef uintptr_t ULONG_PTR;
typedef size_t SIZE_T;
typedef int32_t NTSTATUS;
typedef UCHAR KIRQL;

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

/* LARGE_INTEGER: documented as a union of {LowPart, HighPart} and QuadPart. */
typedef union _LARGE_INTEGER {
    struct {
        ULONG LowPart;
        LONG HighPart;
    };
    struct {
        ULONG LowPart;
        LONG HighPart;
    } u;
    LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;

/* "PHYSICAL_ADDRESS data type (which is defined as LARGE_INTEGER)" */
typedef LARGE_INTEGER PHYSICAL_ADDRESS, *PPHYSICAL_ADDRESS;

typedef struct _LUID {
    ULONG LowPart;
    LONG HighPart;
} LUID;

typedef struct _GUID {
    uint32_t Data1;
    uint16_t Data2;
    uint16_t Data3;
    uint8_t Data4[8];
} GUID;

typedef struct _UNICODE_STRING {
    USHORT Length;        /* bytes, not counting a terminator */
    USHORT MaximumLength; /* bytes */
    WCHAR *Buffer;
} UNICODE_STRING, *PUNICODE_STRING;

/* Kernel objects the DDIs only pass by pointer: opaque here. */
typedef struct _MDL MDL, *PMDL;
typedef struct _DEVICE_OBJECT DEVICE_OBJECT, *PDEVICE_OBJECT;
typedef struct _DRIVER_OBJECT DRIVER_OBJECT, *PDRIVER_OBJECT;
/* CM_RESOURCE_LIST (wdm.h): declared in wddm_resources.h. */
typedef struct _CM_RESOURCE_LIST CM_RESOURCE_LIST, *PCM_RESOURCE_LIST;

/* MEMORY_CACHING_TYPE (wdm.h): MmNonCached = 0, MmCached = 1,
 * MmWriteCombined = 2 (used by DxgkCbMapMemory). */
typedef enum _MEMORY_CACHING_TYPE {
    MmNonCached = 0,
    MmCached = 1,
    MmWriteCombined = 2,
} MEMORY_CACHING_TYPE;

/* ---- D3D DDI shared scalar types (d3dukmdt.h) ---- */
typedef UINT D3DKMT_HANDLE;
typedef UINT64 D3DGPU_VIRTUAL_ADDRESS;
typedef UINT D3DDDI_VIDEO_PRESENT_SOURCE_ID;
typedef UINT D3DDDI_VIDEO_PRESENT_TARGET_ID;
/* D3DDDIFORMAT is an enum of D3DFMT codes; carried as a 32-bit value. */
typedef UINT D3DDDIFORMAT;

typedef struct _D3DDDI_RATIONAL {
    UINT Numerator;
    UINT Denominator;
} D3DDDI_RATIONAL;

typedef struct _D3DDDI_MULTISAMPLINGMETHOD {
    UINT NumSamples;
    UINT NumQualityLevels;
} D3DDDI_MULTISAMPLINGMETHOD;

/* D3DDDI_ROTATION: IDENTITY = 1, ROTATE90 = 2, ROTATE180 = 3, ROTATE270 = 4 */
typedef enum _D3DDDI_ROTATION {
    D3DDDI_ROTATION_IDENTITY = 1,
    D3DDDI_ROTATION_90 = 2,
    D3DDDI_ROTATION_180 = 3,
    D3DDDI_ROTATION_270 = 4,
} D3DDDI_ROTATION;

/* RECT (windef.h, the tagRECT reference page): left, top, right, bottom,
 * LONG each; right and bottom are exclusive. */
typedef struct tagRECT {
    LONG left;
    LONG top;
    LONG right;
    LONG bottom;
} RECT;

/* D3DDDI_FLIPINTERVAL_TYPE: IMMEDIATE = 0, ONE..FOUR = 1..4 */
typedef enum _D3DDDI_FLIPINTERVAL_TYPE {
    D3DDDI_FLIPINTERVAL_IMMEDIATE = 0,
    D3DDDI_FLIPINTERVAL_ONE = 1,
    D3DDDI_FLIPINTERVAL_TWO = 2,
    D3DDDI_FLIPINTERVAL_THREE = 3,
    D3DDDI_FLIPINTERVAL_FOUR = 4,
} D3DDDI_FLIPINTERVAL_TYPE;

/* ---- NTSTATUS values (Microsoft "NTSTATUS Values" reference) ---- */
#define WDDM_NTSTATUS(x) ((NTSTATUS)(int32_t)(uint32_t)(x))
#define NT_SUCCESS(s) ((NTSTATUS)(s) >= 0)

#define STATUS_SUCCESS                    WDDM_NTSTATUS(0x00000000u)
#define STATUS_TIMEOUT                    WDDM_NTSTATUS(0x00000102u)
#define STATUS_PENDING                    WDDM_NTSTATUS(0x00000103u)
#define STATUS_BUFFER_OVERFLOW            WDDM_NTSTATUS(0x80000005u)
#define STATUS_UNSUCCESSFUL               WDDM_NTSTATUS(0xC0000001u)
#define STATUS_NOT_IMPLEMENTED            WDDM_NTSTATUS(0xC0000002u)
#define STATUS_INVALID_HANDLE             WDDM_NTSTATUS(0xC0000008u)
#define STATUS_INVALID_PARAMETER          WDDM_NTSTATUS(0xC000000Du)
#define STATUS_INVALID_DEVICE_REQUEST     WDDM_NTSTATUS(0xC0000010u)
#define STATUS_NO_MEMORY                  WDDM_NTSTATUS(0xC0000017u)
#define STATUS_ILLEGAL_INSTRUCTION        WDDM_NTSTATUS(0xC000001Du)
#define STATUS_BUFFER_TOO_SMALL           WDDM_NTSTATUS(0xC0000023u)
#define STATUS_REVISION_MISMATCH          WDDM_NTSTATUS(0xC0000059u)
#define STATUS_INTEGER_OVERFLOW           WDDM_NTSTATUS(0xC0000095u)
#define STATUS_PRIVILEGED_INSTRUCTION     WDDM_NTSTATUS(0xC0000096u)
#define STATUS_INSUFFICIENT_RESOURCES     WDDM_NTSTATUS(0xC000009Au)
#define STATUS_DEVICE_NOT_READY           WDDM_NTSTATUS(0xC00000A3u)
#define STATUS_NOT_SUPPORTED              WDDM_NTSTATUS(0xC00000BBu)
#define STATUS_INVALID_USER_BUFFER        WDDM_NTSTATUS(0xC00000E8u)
#define STATUS_INVALID_DEVICE_STATE       WDDM_NTSTATUS(0xC0000184u)
#define STATUS_DEVICE_HARDWARE_ERROR      WDDM_NTSTATUS(0xC0000483u)
#define STATUS_DEVICE_REMOVED             WDDM_NTSTATUS(0xC00002B6u)

/* Graphics facility (0x1E) */
#define STATUS_GRAPHICS_INVALID_VIDPN_TOPOLOGY       WDDM_NTSTATUS(0xC01E0300u)
#define STATUS_GRAPHICS_INVALID_VIDPN                WDDM_NTSTATUS(0xC01E0303u)
#define STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE WDDM_NTSTATUS(0xC01E0304u)
#define STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET WDDM_NTSTATUS(0xC01E0305u)
#define STATUS_GRAPHICS_INVALID_VIDPN_SOURCEMODESET  WDDM_NTSTATUS(0xC01E0308u)
#define STATUS_GRAPHICS_INVALID_VIDPN_TARGETMODESET  WDDM_NTSTATUS(0xC01E0309u)
#define STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE_MODE WDDM_NTSTATUS(0xC01E0310u)
#define STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET_MODE WDDM_NTSTATUS(0xC01E0311u)
#define STATUS_GRAPHICS_PATH_ALREADY_IN_TOPOLOGY     WDDM_NTSTATUS(0xC01E0313u)
#define STATUS_GRAPHICS_MODE_ALREADY_IN_MODESET      WDDM_NTSTATUS(0xC01E0314u)
#define STATUS_GRAPHICS_INVALID_VIDPN_PRESENT_PATH   WDDM_NTSTATUS(0xC01E0319u)
#define STATUS_GRAPHICS_DATASET_IS_EMPTY             WDDM_NTSTATUS(0x401E034Bu)
#define STATUS_GRAPHICS_NO_MORE_ELEMENTS_IN_DATASET  WDDM_NTSTATUS(0x401E034Cu)
#define STATUS_MONITOR_NO_MORE_DESCRIPTOR_DATA       WDDM_NTSTATUS(0xC01D0008u)
#define STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER      WDDM_NTSTATUS(0xC01E0001u)
#define STATUS_GRAPHICS_INVALID_DISPLAY_ADAPTER      WDDM_NTSTATUS(0xC01E0002u)
#define STATUS_GRAPHICS_ADAPTER_WAS_RESET            WDDM_NTSTATUS(0xC01E0003u)
#define STATUS_GRAPHICS_INVALID_DRIVER_MODEL         WDDM_NTSTATUS(0xC01E0004u)
#define STATUS_GRAPHICS_CANNOTCOLORCONVERT           WDDM_NTSTATUS(0xC01E0008u)
#define STATUS_GRAPHICS_DRIVER_MISMATCH              WDDM_NTSTATUS(0xC01E0009u)
#define STATUS_GRAPHICS_NO_VIDEO_MEMORY              WDDM_NTSTATUS(0xC01E0100u)
#define STATUS_GRAPHICS_CANT_LOCK_MEMORY             WDDM_NTSTATUS(0xC01E0101u)
#define STATUS_GRAPHICS_ALLOCATION_BUSY              WDDM_NTSTATUS(0xC01E0102u)
#define STATUS_GRAPHICS_TOO_MANY_REFERENCES          WDDM_NTSTATUS(0xC01E0103u)
#define STATUS_GRAPHICS_TRY_AGAIN_LATER              WDDM_NTSTATUS(0xC01E0104u)
#define STATUS_GRAPHICS_TRY_AGAIN_NOW                WDDM_NTSTATUS(0xC01E0105u)
#define STATUS_GRAPHICS_ALLOCATION_INVALID           WDDM_NTSTATUS(0xC01E0106u)
#define STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE WDDM_NTSTATUS(0xC01E0107u)
#define STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED WDDM_NTSTATUS(0xC01E0108u)
#define STATUS_GRAPHICS_CANT_EVICT_PINNED_ALLOCATION WDDM_NTSTATUS(0xC01E0109u)
#define STATUS_GRAPHICS_INVALID_ALLOCATION_USAGE     WDDM_NTSTATUS(0xC01E0110u)
#define STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION WDDM_NTSTATUS(0xC01E0111u)
#define STATUS_GRAPHICS_ALLOCATION_CLOSED            WDDM_NTSTATUS(0xC01E0112u)
#define STATUS_GRAPHICS_INVALID_ALLOCATION_INSTANCE  WDDM_NTSTATUS(0xC01E0113u)
#define STATUS_GRAPHICS_INVALID_ALLOCATION_HANDLE    WDDM_NTSTATUS(0xC01E0114u)
#define STATUS_GRAPHICS_WRONG_ALLOCATION_DEVICE      WDDM_NTSTATUS(0xC01E0115u)
#define STATUS_GRAPHICS_ALLOCATION_CONTENT_LOST      WDDM_NTSTATUS(0xC01E0116u)
#define STATUS_GRAPHICS_GPU_EXCEPTION_ON_DEVICE      WDDM_NTSTATUS(0xC01E0200u)

/* Bug-check codes named by DXGKARG_COLLECTDBGINFO(2).Reason and by the TDR
 * documentation. */
#define VIDEO_TDR_ERROR                 0x116u
#define VIDEO_TDR_TIMEOUT_DETECTED      0x117u
#define VIDEO_SCHEDULER_INTERNAL_ERROR  0x119u
#define VIDEO_ENGINE_TIMEOUT_DETECTED   0x141u

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_TYPES_H */
