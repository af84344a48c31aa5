/* SPDX-License-Identifier: MIT */
/*
 * Sable: display DDI types (d3dkmddi.h, d3dkmdt.h, dispmprt.h), written
 * from Microsoft's reference pages for DXGK_CHILD_DESCRIPTOR,
 * DXGK_CHILD_CAPABILITIES, DXGK_CHILD_STATUS, DXGK_DEVICE_DESCRIPTOR,
 * DxgkDdiQueryChildRelations/QueryChildStatus/QueryDeviceDescriptor,
 * DXGK_VIDPN_INTERFACE, DXGK_VIDPNTOPOLOGY_INTERFACE,
 * DXGK_VIDPNSOURCEMODESET_INTERFACE, DXGK_VIDPNTARGETMODESET_INTERFACE,
 * D3DKMDT_VIDPN_PRESENT_PATH, D3DKMDT_VIDPN_SOURCE_MODE,
 * D3DKMDT_VIDPN_TARGET_MODE, D3DKMDT_VIDEO_SIGNAL_INFO, the DXGKARG_* of
 * IsSupportedVidPn, RecommendFunctionalVidPn, EnumVidPnCofuncModality,
 * CommitVidPn, SetVidPnSourceAddress, SetVidPnSourceVisibility,
 * DxgkDdiControlInterrupt and DxgkCbQueryVidPnInterface.
 *
 * Enumerator values: the pages list the enumerators in order without
 * values; C numbering from 0 is assumed unless a value is given here with
 * its source. The VidPN function tables are declared whole, in the
 * documented order; the functions Sable does not use have typed
 * placeholders of pointer size in place (PFN_VIDPN_UNUSED).
 */
#ifndef SABLE_WDDM_DISPLAY_H
#define SABLE_WDDM_DISPLAY_H

#include "wddm_types.h"
#include "wddm_interrupt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- children (dispmprt.h) ---------------------------------------------- */

typedef enum _DXGK_CHILD_DEVICE_TYPE {
    TypeUninitialized = 0,
    TypeVideoOutput = 1,
    TypeOther = 2,
    TypeIntegratedDisplay = 3,
} DXGK_CHILD_DEVICE_TYPE;

/* D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY: the values Sable uses. HD15 (VGA) is
 * 0 after UNINITIALIZED (-2) and OTHER (-1): the values the Windows
 * metadata bindings and the WmiMonitorConnectionParams documentation list. */
typedef enum _D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY {
    D3DKMDT_VOT_UNINITIALIZED = -2,
    D3DKMDT_VOT_OTHER = -1,
    D3DKMDT_VOT_HD15 = 0,
} D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY;

typedef enum _D3DKMDT_MONITOR_ORIENTATION_AWARENESS {
    D3DKMDT_MOA_UNINITIALIZED = 0,
    D3DKMDT_MOA_NONE = 1,
    D3DKMDT_MOA_POLLED = 2,
    D3DKMDT_MOA_INTERRUPTIBLE = 3,
} D3DKMDT_MONITOR_ORIENTATION_AWARENESS;

typedef enum _DXGK_CHILD_DEVICE_HPD_AWARENESS {
    HpdAwarenessUninitialized = 0,
    HpdAwarenessAlwaysConnected = 1,
    HpdAwarenessNone = 2,
    HpdAwarenessPolled = 3,
    HpdAwarenessInterruptible = 4,
} DXGK_CHILD_DEVICE_HPD_AWARENESS;

/* DXGK_INTEGRATED_DISPLAY_CHILD (dispmprt.h, Microsoft's page):
 * InterfaceTechnology, then the USHORT DescriptorLength. */
typedef struct _DXGK_INTEGRATED_DISPLAY_CHILD {
    D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY InterfaceTechnology;
    USHORT DescriptorLength;
} DXGK_INTEGRATED_DISPLAY_CHILD;

/* DXGK_CHILD_CAPABILITIES (Microsoft's page): the Type union names
 * VideoOutput, Other and IntegratedDisplayChild. */
typedef struct _DXGK_CHILD_CAPABILITIES {
    union {
        struct {
            D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY InterfaceTechnology;
            D3DKMDT_MONITOR_ORIENTATION_AWARENESS MonitorOrientationAwareness;
            BOOLEAN SupportsSdtvModes;
        } VideoOutput;
        struct {
            UINT MustBeZero;
        } Other;
        DXGK_INTEGRATED_DISPLAY_CHILD IntegratedDisplayChild;
    } Type;
    DXGK_CHILD_DEVICE_HPD_AWARENESS HpdAwareness;
} DXGK_CHILD_CAPABILITIES;

typedef struct _DXGK_CHILD_DESCRIPTOR {
    DXGK_CHILD_DEVICE_TYPE ChildDeviceType;
    DXGK_CHILD_CAPABILITIES ChildCapabilities;
    ULONG AcpiUid;
    ULONG ChildUid;
} DXGK_CHILD_DESCRIPTOR, *PDXGK_CHILD_DESCRIPTOR;

typedef enum _DXGK_CHILD_STATUS_TYPE {
    StatusUninitialized = 0,
    StatusConnection = 1,
    StatusRotation = 2,
    StatusMiracast = 3,
} DXGK_CHILD_STATUS_TYPE;

typedef struct _DXGK_CHILD_STATUS {
    DXGK_CHILD_STATUS_TYPE Type;
    ULONG ChildUid;
    union {
        struct {
            BOOLEAN Connected;
        } HotPlug;
        struct {
            UCHAR Angle;
        } Rotation;
        struct {
            BOOLEAN Connected;
            D3DKMDT_VIDEO_OUTPUT_TECHNOLOGY MiracastMonitorType;
        } Miracast;
    };
} DXGK_CHILD_STATUS, *PDXGK_CHILD_STATUS;

typedef struct _DXGK_DEVICE_DESCRIPTOR {
    ULONG DescriptorOffset;
    ULONG DescriptorLength;
    PVOID DescriptorBuffer;
} DXGK_DEVICE_DESCRIPTOR, *PDXGK_DEVICE_DESCRIPTOR;

/* ---- VidPN data (d3dkmdt.h) --------------------------------------------- */

typedef HANDLE D3DKMDT_HVIDPN;
typedef HANDLE D3DKMDT_HVIDPNTOPOLOGY;
typedef HANDLE D3DKMDT_HVIDPNSOURCEMODESET;
typedef HANDLE D3DKMDT_HVIDPNTARGETMODESET;
typedef UINT D3DDDI_VIDEO_PRESENT_SOURCE_MODE_ID;
typedef UINT D3DKMDT_VIDEO_PRESENT_TARGET_MODE_ID;

/* d3dukmdt.h: D3DDDI_ID_UNINITIALIZED is (UINT)(~0), D3DDDI_ID_NOTAPPLICABLE
 * (UINT)(~1), D3DDDI_ID_ALL (UINT)(~2), the value CommitVidPn passes in
 * AffectedVidPnSourceId for "all sources". */
#define D3DDDI_ID_UNINITIALIZED 0xFFFFFFFFu
#define D3DDDI_ID_NOTAPPLICABLE 0xFFFFFFFEu
#define D3DDDI_ID_ALL 0xFFFFFFFDu

typedef struct _D3DKMDT_2DREGION {
    UINT cx;
    UINT cy;
} D3DKMDT_2DREGION, D3DKMDT_2DOFFSET;

typedef enum _D3DKMDT_VIDPN_PRESENT_PATH_IMPORTANCE {
    D3DKMDT_VPPI_UNINITIALIZED = 0,
    D3DKMDT_VPPI_PRIMARY = 1,
    D3DKMDT_VPPI_SECONDARY = 2,
} D3DKMDT_VIDPN_PRESENT_PATH_IMPORTANCE;

/* Scaling: IDENTITY 1 ... CUSTOM 5, RESERVED1 253, UNPINNED 254,
 * NOTSPECIFIED 255 (as in the WDK header listings quoted by samples). */
typedef enum _D3DKMDT_VIDPN_PRESENT_PATH_SCALING {
    D3DKMDT_VPPS_UNINITIALIZED = 0,
    D3DKMDT_VPPS_IDENTITY = 1,
    D3DKMDT_VPPS_CENTERED = 2,
    D3DKMDT_VPPS_STRETCHED = 3,
    D3DKMDT_VPPS_ASPECTRATIOCENTEREDMAX = 4,
    D3DKMDT_VPPS_CUSTOM = 5,
    D3DKMDT_VPPS_RESERVED1 = 253,
    D3DKMDT_VPPS_UNPINNED = 254,
    D3DKMDT_VPPS_NOTSPECIFIED = 255,
} D3DKMDT_VIDPN_PRESENT_PATH_SCALING;

typedef struct _D3DKMDT_VIDPN_PRESENT_PATH_SCALING_SUPPORT {
    UINT Identity : 1;
    UINT Centered : 1;
    UINT Stretched : 1;
    UINT AspectRatioCenteredMax : 1;
    UINT Custom : 1;
} D3DKMDT_VIDPN_PRESENT_PATH_SCALING_SUPPORT;

/* Rotation: IDENTITY 1, ROTATE90..270 2..4, the OFFSET variants after
 * them (UNCERTAIN values; nothing at stake: the KMD accepts only IDENTITY,
 * UNPINNED and NOTSPECIFIED and refuses every other value), UNPINNED 254,
 * NOTSPECIFIED 255. */
typedef enum _D3DKMDT_VIDPN_PRESENT_PATH_ROTATION {
    D3DKMDT_VPPR_UNINITIALIZED = 0,
    D3DKMDT_VPPR_IDENTITY = 1,
    D3DKMDT_VPPR_ROTATE90 = 2,
    D3DKMDT_VPPR_ROTATE180 = 3,
    D3DKMDT_VPPR_ROTATE270 = 4,
    D3DKMDT_VPPR_UNPINNED = 254,
    D3DKMDT_VPPR_NOTSPECIFIED = 255,
} D3DKMDT_VIDPN_PRESENT_PATH_ROTATION;

typedef struct _D3DKMDT_VIDPN_PRESENT_PATH_ROTATION_SUPPORT {
    UINT Identity : 1;
    UINT Rotate90 : 1;
    UINT Rotate180 : 1;
    UINT Rotate270 : 1;
    UINT Offset0 : 1;
    UINT Offset90 : 1;
    UINT Offset180 : 1;
    UINT Offset270 : 1;
} D3DKMDT_VIDPN_PRESENT_PATH_ROTATION_SUPPORT;

typedef struct _D3DKMDT_VIDPN_PRESENT_PATH_TRANSFORMATION {
    D3DKMDT_VIDPN_PRESENT_PATH_SCALING Scaling;
    D3DKMDT_VIDPN_PRESENT_PATH_SCALING_SUPPORT ScalingSupport;
    D3DKMDT_VIDPN_PRESENT_PATH_ROTATION Rotation;
    D3DKMDT_VIDPN_PRESENT_PATH_ROTATION_SUPPORT RotationSupport;
} D3DKMDT_VIDPN_PRESENT_PATH_TRANSFORMATION;

typedef enum _D3DKMDT_COLOR_BASIS {
    D3DKMDT_CB_UNINITIALIZED = 0,
    D3DKMDT_CB_INTENSITY = 1,
    D3DKMDT_CB_SRGB = 2,
    D3DKMDT_CB_SCRGB = 3,
    D3DKMDT_CB_YCBCR = 4,
    D3DKMDT_CB_YPBPR = 5,
} D3DKMDT_COLOR_BASIS;

typedef struct _D3DKMDT_COLOR_COEFF_DYNAMIC_RANGES {
    UINT FirstChannel;
    UINT SecondChannel;
    UINT ThirdChannel;
    UINT FourthChannel;
} D3DKMDT_COLOR_COEFF_DYNAMIC_RANGES;

typedef enum _D3DKMDT_VIDPN_PRESENT_PATH_CONTENT {
    D3DKMDT_VPPC_UNINITIALIZED = 0,
    D3DKMDT_VPPC_GRAPHICS = 1,
    D3DKMDT_VPPC_VIDEO = 2,
    D3DKMDT_VPPC_NOTSPECIFIED = 255,
} D3DKMDT_VIDPN_PRESENT_PATH_CONTENT;

/* Copy protection and gamma: declared for the layout, unused by Sable.
 * D3DKMDT_VIDPN_PRESENT_PATH_COPYPROTECTION: OEMCopyProtection is 256 bytes
 * (d3dkmdt.h as published in MIT-licensed headers); D3DKMDT_GAMMA_RAMP
 * (Microsoft's page): Type, DataSize, then the pointer union Data, whose
 * members are all pointers (only pRaw is declared). */
typedef struct _D3DKMDT_VIDPN_PRESENT_PATH_COPYPROTECTION {
    UINT CopyProtectionType;
    UINT APSTriggerBits;
    BYTE OEMCopyProtection[256];
    UINT CopyProtectionSupport;
} D3DKMDT_VIDPN_PRESENT_PATH_COPYPROTECTION;

typedef struct _D3DKMDT_GAMMA_RAMP {
    UINT Type; /* D3DDDI_GAMMARAMP_TYPE */
    SIZE_T DataSize;
    union {
        PVOID pRaw;
    } Data;
} D3DKMDT_GAMMA_RAMP;

typedef struct _D3DKMDT_VIDPN_PRESENT_PATH {
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    D3DDDI_VIDEO_PRESENT_TARGET_ID VidPnTargetId;
    D3DKMDT_VIDPN_PRESENT_PATH_IMPORTANCE ImportanceOrdinal;
    D3DKMDT_VIDPN_PRESENT_PATH_TRANSFORMATION ContentTransformation;
    D3DKMDT_2DOFFSET VisibleFromActiveTLOffset;
    D3DKMDT_2DOFFSET VisibleFromActiveBROffset;
    D3DKMDT_COLOR_BASIS VidPnTargetColorBasis;
    D3DKMDT_COLOR_COEFF_DYNAMIC_RANGES VidPnTargetColorCoeffDynamicRanges;
    D3DKMDT_VIDPN_PRESENT_PATH_CONTENT Content;
    D3DKMDT_VIDPN_PRESENT_PATH_COPYPROTECTION CopyProtection;
    D3DKMDT_GAMMA_RAMP GammaRamp;
} D3DKMDT_VIDPN_PRESENT_PATH;

typedef enum _D3DKMDT_VIDPN_SOURCE_MODE_TYPE {
    D3DKMDT_RMT_UNINITIALIZED = 0,
    D3DKMDT_RMT_GRAPHICS = 1,
    D3DKMDT_RMT_TEXT = 2,
} D3DKMDT_VIDPN_SOURCE_MODE_TYPE;

typedef enum _D3DKMDT_PIXEL_VALUE_ACCESS_MODE {
    D3DKMDT_PVAM_UNINITIALIZED = 0,
    D3DKMDT_PVAM_DIRECT = 1,
    D3DKMDT_PVAM_PRESETPALETTE = 2,
    D3DKMDT_PVAM_SETTABLEPALETTE = 3,
} D3DKMDT_PIXEL_VALUE_ACCESS_MODE;

typedef struct _D3DKMDT_GRAPHICS_RENDERING_FORMAT {
    D3DKMDT_2DREGION PrimSurfSize;
    D3DKMDT_2DREGION VisibleRegionSize;
    UINT Stride;                 /* DWORD */
    D3DDDIFORMAT PixelFormat;
    D3DKMDT_COLOR_BASIS ColorBasis;
    D3DKMDT_PIXEL_VALUE_ACCESS_MODE PixelValueAccessMode;
} D3DKMDT_GRAPHICS_RENDERING_FORMAT;

typedef struct _D3DKMDT_VIDPN_SOURCE_MODE {
    D3DDDI_VIDEO_PRESENT_SOURCE_MODE_ID Id;
    D3DKMDT_VIDPN_SOURCE_MODE_TYPE Type;
    union {
        D3DKMDT_GRAPHICS_RENDERING_FORMAT Graphics;
        UINT Text;                  /* D3DKMDT_TEXT_RENDERING_FORMAT */
    } Format;
} D3DKMDT_VIDPN_SOURCE_MODE;

typedef enum _D3DKMDT_VIDEO_SIGNAL_STANDARD {
    D3DKMDT_VSS_UNINITIALIZED = 0,
    D3DKMDT_VSS_VESA_DMT = 1,
    D3DKMDT_VSS_VESA_GTF = 2,
    D3DKMDT_VSS_VESA_CVT = 3,
    D3DKMDT_VSS_OTHER = 255,     /* d3dkmdt.h; used by many shipped miniports */
} D3DKMDT_VIDEO_SIGNAL_STANDARD;

typedef enum _D3DDDI_VIDEO_SIGNAL_SCANLINE_ORDERING {
    D3DDDI_VSSLO_UNINITIALIZED = 0,
    D3DDDI_VSSLO_PROGRESSIVE = 1,
} D3DDDI_VIDEO_SIGNAL_SCANLINE_ORDERING;

typedef struct _D3DKMDT_VIDEO_SIGNAL_INFO {
    D3DKMDT_VIDEO_SIGNAL_STANDARD VideoStandard;
    D3DKMDT_2DREGION TotalSize;
    D3DKMDT_2DREGION ActiveSize;
    D3DDDI_RATIONAL VSyncFreq;
    D3DDDI_RATIONAL HSyncFreq;
    SIZE_T PixelRate;
    union {
        struct {
            UINT ScanLineOrdering : 3;
            UINT VSyncFreqDivider : 6;
            UINT Reserved : 23;
        } AdditionalSignalInfo;
        D3DDDI_VIDEO_SIGNAL_SCANLINE_ORDERING ScanLineOrdering;
    };
} D3DKMDT_VIDEO_SIGNAL_INFO;

typedef enum _D3DKMDT_MODE_PREFERENCE {
    D3DKMDT_MP_UNINITIALIZED = 0,
    D3DKMDT_MP_PREFERRED = 1,
    D3DKMDT_MP_NOTPREFERRED = 2,
} D3DKMDT_MODE_PREFERENCE;

/* D3DKMDT_VIDPN_TARGET_MODE for a WDDM 2.0+ interface: the page's union of
 * WireFormatAndPreference (a 32-bit bit-field structure, carried as
 * Value) and Preference : 2, then MinimumVSyncFreq (WDDM 2.9). */
typedef struct _D3DKMDT_VIDPN_TARGET_MODE {
    D3DKMDT_VIDEO_PRESENT_TARGET_MODE_ID Id;
    D3DKMDT_VIDEO_SIGNAL_INFO VideoSignalInfo;
    union {
        UINT WireFormatAndPreference;
        struct {
            UINT Preference : 2;    /* D3DKMDT_MODE_PREFERENCE */
        };
    };
    D3DDDI_RATIONAL MinimumVSyncFreq;
} D3DKMDT_VIDPN_TARGET_MODE;

/* ---- the VidPN interfaces (d3dkmddi.h) ---------------------------------- */

typedef enum _DXGK_VIDPN_INTERFACE_VERSION {
    DXGK_VIDPN_INTERFACE_VERSION_UNINITIALIZED = 0,
    DXGK_VIDPN_INTERFACE_VERSION_V1 = 1,
} DXGK_VIDPN_INTERFACE_VERSION;

/* A slot of a function the KMD never calls: pointer-sized, typed. */
typedef NTSTATUS (WDDM_API *PFN_VIDPN_UNUSED)(VOID);

typedef struct _DXGK_VIDPNTOPOLOGY_INTERFACE {
    NTSTATUS (WDDM_API *pfnGetNumPaths)(D3DKMDT_HVIDPNTOPOLOGY, SIZE_T *pNumPaths);
    PFN_VIDPN_UNUSED pfnGetNumPathsFromSource;
    PFN_VIDPN_UNUSED pfnEnumPathTargetsFromSource;
    PFN_VIDPN_UNUSED pfnGetPathSourceFromTarget;
    NTSTATUS (WDDM_API *pfnAcquirePathInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                            D3DDDI_VIDEO_PRESENT_SOURCE_ID,
                                            D3DDDI_VIDEO_PRESENT_TARGET_ID,
                                            const D3DKMDT_VIDPN_PRESENT_PATH **ppPath);
    NTSTATUS (WDDM_API *pfnAcquireFirstPathInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                                 const D3DKMDT_VIDPN_PRESENT_PATH **ppFirst);
    NTSTATUS (WDDM_API *pfnAcquireNextPathInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                                const D3DKMDT_VIDPN_PRESENT_PATH *pPath,
                                                const D3DKMDT_VIDPN_PRESENT_PATH **ppNext);
    NTSTATUS (WDDM_API *pfnUpdatePathSupportInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                                  const D3DKMDT_VIDPN_PRESENT_PATH *pPath);
    NTSTATUS (WDDM_API *pfnReleasePathInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                            const D3DKMDT_VIDPN_PRESENT_PATH *pPath);
    NTSTATUS (WDDM_API *pfnCreateNewPathInfo)(D3DKMDT_HVIDPNTOPOLOGY,
                                              D3DKMDT_VIDPN_PRESENT_PATH **ppNew);
    NTSTATUS (WDDM_API *pfnAddPath)(D3DKMDT_HVIDPNTOPOLOGY, D3DKMDT_VIDPN_PRESENT_PATH *pPath);
    PFN_VIDPN_UNUSED pfnRemovePath;
} DXGK_VIDPNTOPOLOGY_INTERFACE;

typedef struct _DXGK_VIDPNSOURCEMODESET_INTERFACE {
    NTSTATUS (WDDM_API *pfnGetNumModes)(D3DKMDT_HVIDPNSOURCEMODESET, SIZE_T *pNumModes);
    NTSTATUS (WDDM_API *pfnAcquireFirstModeInfo)(D3DKMDT_HVIDPNSOURCEMODESET,
                                                 const D3DKMDT_VIDPN_SOURCE_MODE **ppFirst);
    NTSTATUS (WDDM_API *pfnAcquireNextModeInfo)(D3DKMDT_HVIDPNSOURCEMODESET,
                                                const D3DKMDT_VIDPN_SOURCE_MODE *pMode,
                                                const D3DKMDT_VIDPN_SOURCE_MODE **ppNext);
    NTSTATUS (WDDM_API *pfnAcquirePinnedModeInfo)(D3DKMDT_HVIDPNSOURCEMODESET,
                                                  const D3DKMDT_VIDPN_SOURCE_MODE **ppPinned);
    NTSTATUS (WDDM_API *pfnReleaseModeInfo)(D3DKMDT_HVIDPNSOURCEMODESET,
                                            const D3DKMDT_VIDPN_SOURCE_MODE *pMode);
    NTSTATUS (WDDM_API *pfnCreateNewModeInfo)(D3DKMDT_HVIDPNSOURCEMODESET,
                                              D3DKMDT_VIDPN_SOURCE_MODE **ppNew);
    NTSTATUS (WDDM_API *pfnAddMode)(D3DKMDT_HVIDPNSOURCEMODESET,
                                    const D3DKMDT_VIDPN_SOURCE_MODE *pMode);
    NTSTATUS (WDDM_API *pfnPinMode)(D3DKMDT_HVIDPNSOURCEMODESET,
                                    D3DDDI_VIDEO_PRESENT_SOURCE_MODE_ID ModeId);
} DXGK_VIDPNSOURCEMODESET_INTERFACE;

typedef struct _DXGK_VIDPNTARGETMODESET_INTERFACE {
    NTSTATUS (WDDM_API *pfnGetNumModes)(D3DKMDT_HVIDPNTARGETMODESET, SIZE_T *pNumModes);
    NTSTATUS (WDDM_API *pfnAcquireFirstModeInfo)(D3DKMDT_HVIDPNTARGETMODESET,
                                                 const D3DKMDT_VIDPN_TARGET_MODE **ppFirst);
    NTSTATUS (WDDM_API *pfnAcquireNextModeInfo)(D3DKMDT_HVIDPNTARGETMODESET,
                                                const D3DKMDT_VIDPN_TARGET_MODE *pMode,
                                                const D3DKMDT_VIDPN_TARGET_MODE **ppNext);
    NTSTATUS (WDDM_API *pfnAcquirePinnedModeInfo)(D3DKMDT_HVIDPNTARGETMODESET,
                                                  const D3DKMDT_VIDPN_TARGET_MODE **ppPinned);
    NTSTATUS (WDDM_API *pfnReleaseModeInfo)(D3DKMDT_HVIDPNTARGETMODESET,
                                            const D3DKMDT_VIDPN_TARGET_MODE *pMode);
    NTSTATUS (WDDM_API *pfnCreateNewModeInfo)(D3DKMDT_HVIDPNTARGETMODESET,
                                              D3DKMDT_VIDPN_TARGET_MODE **ppNew);
    NTSTATUS (WDDM_API *pfnAddMode)(D3DKMDT_HVIDPNTARGETMODESET,
                                    const D3DKMDT_VIDPN_TARGET_MODE *pMode);
    NTSTATUS (WDDM_API *pfnPinMode)(D3DKMDT_HVIDPNTARGETMODESET,
                                    D3DKMDT_VIDEO_PRESENT_TARGET_MODE_ID ModeId);
} DXGK_VIDPNTARGETMODESET_INTERFACE;

typedef struct _DXGK_VIDPN_INTERFACE {
    DXGK_VIDPN_INTERFACE_VERSION Version;
    NTSTATUS (WDDM_API *pfnGetTopology)(D3DKMDT_HVIDPN, D3DKMDT_HVIDPNTOPOLOGY *phTopology,
                                        const DXGK_VIDPNTOPOLOGY_INTERFACE **ppInterface);
    NTSTATUS (WDDM_API *pfnAcquireSourceModeSet)(
        D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_SOURCE_ID, D3DKMDT_HVIDPNSOURCEMODESET *phSet,
        const DXGK_VIDPNSOURCEMODESET_INTERFACE **ppInterface);
    NTSTATUS (WDDM_API *pfnReleaseSourceModeSet)(D3DKMDT_HVIDPN, D3DKMDT_HVIDPNSOURCEMODESET);
    NTSTATUS (WDDM_API *pfnCreateNewSourceModeSet)(
        D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_SOURCE_ID, D3DKMDT_HVIDPNSOURCEMODESET *phSet,
        const DXGK_VIDPNSOURCEMODESET_INTERFACE **ppInterface);
    NTSTATUS (WDDM_API *pfnAssignSourceModeSet)(D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_SOURCE_ID,
                                                D3DKMDT_HVIDPNSOURCEMODESET);
    PFN_VIDPN_UNUSED pfnAssignMultisamplingMethodSet;
    NTSTATUS (WDDM_API *pfnAcquireTargetModeSet)(
        D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_TARGET_ID, D3DKMDT_HVIDPNTARGETMODESET *phSet,
        const DXGK_VIDPNTARGETMODESET_INTERFACE **ppInterface);
    NTSTATUS (WDDM_API *pfnReleaseTargetModeSet)(D3DKMDT_HVIDPN, D3DKMDT_HVIDPNTARGETMODESET);
    NTSTATUS (WDDM_API *pfnCreateNewTargetModeSet)(
        D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_TARGET_ID, D3DKMDT_HVIDPNTARGETMODESET *phSet,
        const DXGK_VIDPNTARGETMODESET_INTERFACE **ppInterface);
    NTSTATUS (WDDM_API *pfnAssignTargetModeSet)(D3DKMDT_HVIDPN, D3DDDI_VIDEO_PRESENT_TARGET_ID,
                                                D3DKMDT_HVIDPNTARGETMODESET);
} DXGK_VIDPN_INTERFACE;

/* DxgkCbQueryVidPnInterface. */
typedef NTSTATUS (WDDM_API *DXGKCB_QUERYVIDPNINTERFACE)(
    D3DKMDT_HVIDPN hVidPn, DXGK_VIDPN_INTERFACE_VERSION Version,
    const DXGK_VIDPN_INTERFACE **ppVidPnInterface);

/* ---- DDI arguments ------------------------------------------------------ */

typedef struct _DXGKARG_ISSUPPORTEDVIDPN {
    D3DKMDT_HVIDPN hDesiredVidPn;
    BOOLEAN IsVidPnSupported;      /* [out] */
} DXGKARG_ISSUPPORTEDVIDPN;

/* DXGK_RECOMMENDFUNCTIONALVIDPN_REASON (Microsoft's page). */
typedef enum _DXGK_RECOMMENDFUNCTIONALVIDPN_REASON {
    DXGK_RFVR_UNINITIALIZED = 0,
    DXGK_RFVR_HOTKEY = 1,
    DXGK_RFVR_USERMODE = 2,
} DXGK_RECOMMENDFUNCTIONALVIDPN_REASON;

/* DXGKARG_RECOMMENDFUNCTIONALVIDPN (Microsoft's page): NumberOfVidPnTargets
 * and pVidPnTargetPrioritizationVector (reserved), hRecommendedFunctionalVidPn,
 * RequestReason, pPrivateDriverData, PrivateDriverDataSize.  0x30 bytes. */
typedef struct _DXGKARG_RECOMMENDFUNCTIONALVIDPN {
    UINT NumberOfVidPnTargets;
    const D3DDDI_VIDEO_PRESENT_TARGET_ID *pVidPnTargetPrioritizationVector;
    D3DKMDT_HVIDPN hRecommendedFunctionalVidPn;
    DXGK_RECOMMENDFUNCTIONALVIDPN_REASON RequestReason;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
} DXGKARG_RECOMMENDFUNCTIONALVIDPN;

typedef enum _D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE {
    D3DKMDT_EPT_UNINITIALIZED = 0,
    D3DKMDT_EPT_VIDPNSOURCE = 1,
    D3DKMDT_EPT_VIDPNTARGET = 2,
    D3DKMDT_EPT_SCALING = 3,
    D3DKMDT_EPT_ROTATION = 4,
    D3DKMDT_EPT_NOPIVOT = 5,
} D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE;

typedef struct _DXGK_ENUM_PIVOT {
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    D3DDDI_VIDEO_PRESENT_TARGET_ID VidPnTargetId;
} DXGK_ENUM_PIVOT;

typedef struct _DXGKARG_ENUMVIDPNCOFUNCMODALITY {
    D3DKMDT_HVIDPN hConstrainingVidPn;
    D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE EnumPivotType;
    DXGK_ENUM_PIVOT EnumPivot;
} DXGKARG_ENUMVIDPNCOFUNCMODALITY;

typedef enum _D3DKMDT_MONITOR_CONNECTIVITY_CHECKS {
    D3DKMDT_MCC_UNINITIALIZED = 0,
    D3DKMDT_MCC_IGNORE = 1,
    D3DKMDT_MCC_ENFORCE = 2,
} D3DKMDT_MONITOR_CONNECTIVITY_CHECKS;

typedef struct _DXGKARG_COMMITVIDPN_FLAGS {
    UINT PathPowerTransition : 1;
    UINT PathPoweredOff : 1;
    UINT Reserved : 30;
} DXGKARG_COMMITVIDPN_FLAGS;

typedef struct _DXGKARG_COMMITVIDPN {
    D3DKMDT_HVIDPN hFunctionalVidPn;
    D3DDDI_VIDEO_PRESENT_SOURCE_ID AffectedVidPnSourceId;
    D3DKMDT_MONITOR_CONNECTIVITY_CHECKS MonitorConnectivityChecks;
    HANDLE hPrimaryAllocation;
    DXGKARG_COMMITVIDPN_FLAGS Flags;
} DXGKARG_COMMITVIDPN;

/* DXGK_SETVIDPNSOURCEADDRESS_FLAGS (Microsoft's page): every documented
 * bit, in order, through MoveFlip (bit 8). */
typedef struct _DXGK_SETVIDPNSOURCEADDRESS_FLAGS {
    union {
        struct {
            UINT ModeChange : 1;               /* 0x00000001 */
            UINT FlipImmediate : 1;            /* 0x00000002 */
            UINT FlipOnNextVSync : 1;          /* 0x00000004 */
            UINT FlipStereo : 1;               /* 0x00000008 */
            UINT FlipStereoTemporaryMono : 1;  /* 0x00000010 */
            UINT FlipStereoPreferRight : 1;    /* 0x00000020 */
            UINT SharedPrimaryTransition : 1;  /* 0x00000040 */
            UINT IndependentFlipExclusive : 1; /* 0x00000080 */
            UINT MoveFlip : 1;                 /* 0x00000100 */
            UINT Reserved : 23;
        };
        UINT Value;
    };
} DXGK_SETVIDPNSOURCEADDRESS_FLAGS;

#define D3DDDI_MAX_BROADCAST_CONTEXT 64

typedef struct _DXGKARG_SETVIDPNSOURCEADDRESS {
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    UINT PrimarySegment;
    PHYSICAL_ADDRESS PrimaryAddress;
    HANDLE hAllocation;
    UINT ContextCount;
    HANDLE Context[1 + D3DDDI_MAX_BROADCAST_CONTEXT];
    DXGK_SETVIDPNSOURCEADDRESS_FLAGS Flags;
    UINT Duration;
} DXGKARG_SETVIDPNSOURCEADDRESS;

typedef struct _DXGKARG_SETVIDPNSOURCEVISIBILITY {
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    BOOLEAN Visible;
} DXGKARG_SETVIDPNSOURCEVISIBILITY;

/* ---- entry points ------------------------------------------------------- */

typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERY_CHILD_RELATIONS)(
    const PVOID MiniportDeviceContext, PDXGK_CHILD_DESCRIPTOR ChildRelations,
    ULONG ChildRelationsSize);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERY_CHILD_STATUS)(
    const PVOID MiniportDeviceContext, PDXGK_CHILD_STATUS ChildStatus,
    BOOLEAN NonDestructiveOnly);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERY_DEVICE_DESCRIPTOR)(
    const PVOID MiniportDeviceContext, ULONG ChildUid, PDXGK_DEVICE_DESCRIPTOR DeviceDescriptor);
typedef NTSTATUS (WDDM_API *PDXGKDDI_ISSUPPORTEDVIDPN)(
    const HANDLE hAdapter, DXGKARG_ISSUPPORTEDVIDPN *pIsSupportedVidPn);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RECOMMENDFUNCTIONALVIDPN)(
    const HANDLE hAdapter, const DXGKARG_RECOMMENDFUNCTIONALVIDPN *pRecommendFunctionalVidPn);
typedef NTSTATUS (WDDM_API *PDXGKDDI_ENUMVIDPNCOFUNCMODALITY)(
    const HANDLE hAdapter, const DXGKARG_ENUMVIDPNCOFUNCMODALITY *pEnumCofuncModality);
typedef NTSTATUS (WDDM_API *PDXGKDDI_SETVIDPNSOURCEADDRESS)(
    const HANDLE hAdapter, const DXGKARG_SETVIDPNSOURCEADDRESS *pSetVidPnSourceAddress);
typedef NTSTATUS (WDDM_API *PDXGKDDI_SETVIDPNSOURCEVISIBILITY)(
    const HANDLE hAdapter, const DXGKARG_SETVIDPNSOURCEVISIBILITY *pSetVidPnSourceVisibility);
typedef NTSTATUS (WDDM_API *PDXGKDDI_COMMITVIDPN)(
    const HANDLE hAdapter, const DXGKARG_COMMITVIDPN *pCommitVidPn);
typedef NTSTATUS (WDDM_API *PDXGKDDI_CONTROLINTERRUPT)(
    const HANDLE hAdapter, const DXGK_INTERRUPT_TYPE InterruptType, BOOLEAN EnableInterrupt);

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_DISPLAY_H */
