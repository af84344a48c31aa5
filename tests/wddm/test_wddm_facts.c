/* SPDX-License-Identifier: MIT */
/*
 * Sable: facts about the Windows WDDM headers, recorded as data with their
 * source, compared with our own declarations (wddm/include).
 *
 * Each row is one fact: a size, an offset (x64), a value, or the Value word a
 * flag union has when one named bit-field is set.  The expected numbers were
 * read from the sources named in the row, never from a run of this program:
 *   MS   Microsoft's reference page for the type (learn.microsoft.com, WDK
 *        "d3dkmddi", "d3dukmdt", "dispmprt", "dxgiddi", "d3d10umddi" docs),
 *        offsets derived from its member list under the x64 ABI
 *   XC   the issue-16 cross-check: the same headers' MIT-licensed copies
 *        (ReactOS-derived sdk/include/ddk/d3dkmddi.h; microsoft/libdxg for
 *        d3dukmdt.h) compiled for x86-64 Windows
 * winsim shares our headers and cannot see a wrong layout; this table (and
 * the compile-time asserts in wddm_layout_check.h) are the check.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wddm_kmd.h"
#include "wddm_umd.h"

typedef struct Fact {
    const char *what;
    uint64_t ours;
    uint64_t windows;
    const char *source;
} Fact;

#define SIZE(T, n, src) { "sizeof(" #T ")", sizeof(T), (n), (src) }
#define OFF(T, m, n, src) { "offsetof(" #T ", " #m ")", offsetof(T, m), (n), (src) }
#define VAL(x, n, src) { #x, (uint64_t)(uint32_t)(x), (n), (src) }
/* The Value word of flag union T with member m (alone) set to v. */
#define BIT(T, m, v, n, src) { #T "." #m " = " #v, ((T){ .m = (v) }).Value, (n), (src) }

#define MS_CAPS "MS DXGK_DRIVERCAPS; XC"
#define MS_VIDSCH "MS DXGK_VIDSCHCAPS"
#define MS_VIDMM "MS DXGK_VIDMMCAPS"
#define MS_SEG "MS DXGK_SEGMENTFLAGS"
#define MS_SUBMIT "MS DXGK_SUBMITCOMMANDFLAGS"
#define MS_CTXF "MS D3DDDI_CREATECONTEXTFLAGS (d3dukmdt.h)"
#define MS_ESC "MS D3DDDI_ESCAPEFLAGS (d3dukmdt.h)"
#define MS_SRCADDR "MS DXGK_SETVIDPNSOURCEADDRESS_FLAGS"
#define MS_PRESENT "MS DXGI_DDI_PRESENT_FLAGS (dxgiddi.h)"
#define MS_DEVF "MS DXGK_CREATEDEVICEFLAGS; XC (bit 31 DXGK_DEVICE_RESERVED0)"

int main(void)
{
    const Fact facts[] = {
        /* 1, 2: DXGK_DRIVERCAPS and the two members that place its tail */
        SIZE(DXGK_GPUENGINETOPOLOGY, 0x104, "MS DXGK_GPUENGINETOPOLOGY; XC"),
        SIZE(DXGK_DMABUFFERCAPS_DEPRECATED, 0xA0, "XC (d3dkmddi.h, two 20-UINT blocks)"),
        SIZE(DXGK_VIRTUALADDRESSCAPS_DEPRECATED, 0x1C, MS_CAPS),
        SIZE(DXGK_DRIVERCAPS, 0x250, MS_CAPS " (WDDM 2.9 tail)"),
        OFF(DXGK_DRIVERCAPS, GpuEngineTopology, 0x4C, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, WDDMVersion, 0x150, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, PreemptionCaps, 0x210, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, SupportPerEngineTDR, 0x21A, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, MaxOverlayPlanes, 0x220, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, InternalGpuVirtualAddressRangeStart, 0x228, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, MiscCaps, 0x240, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, MaxHwQueuedFlips, 0x244, MS_CAPS),
        OFF(DXGK_DRIVERCAPS, HwQueuedFlipCaps, 0x248, MS_CAPS),
        /* 3 */
        SIZE(DXGKARG_PREEMPTCOMMAND, 0x10, "MS DXGKARG_PREEMPTCOMMAND"),
        OFF(DXGKARG_PREEMPTCOMMAND, PreemptionFenceId, 0x0, "MS DXGKARG_PREEMPTCOMMAND"),
        OFF(DXGKARG_PREEMPTCOMMAND, NodeOrdinal, 0x4, "MS DXGKARG_PREEMPTCOMMAND"),
        OFF(DXGKARG_PREEMPTCOMMAND, EngineOrdinal, 0x8, "MS DXGKARG_PREEMPTCOMMAND"),
        OFF(DXGKARG_PREEMPTCOMMAND, Flags, 0xC, "MS DXGKARG_PREEMPTCOMMAND"),
        /* 4 */
        SIZE(DXGKARG_CREATEDEVICE, 0x20, "MS DXGKARG_CREATEDEVICE; XC"),
        OFF(DXGKARG_CREATEDEVICE, Flags, 0x8, "MS DXGKARG_CREATEDEVICE (union)"),
        OFF(DXGKARG_CREATEDEVICE, pInfo, 0x8, "MS DXGKARG_CREATEDEVICE (union)"),
        OFF(DXGKARG_CREATEDEVICE, Pasid, 0x10, "MS DXGKARG_CREATEDEVICE"),
        OFF(DXGKARG_CREATEDEVICE, hKmdProcess, 0x18, "MS DXGKARG_CREATEDEVICE"),
        /* 5 */
        SIZE(DXGKARG_RECOMMENDFUNCTIONALVIDPN, 0x30, "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        OFF(DXGKARG_RECOMMENDFUNCTIONALVIDPN, pVidPnTargetPrioritizationVector, 0x8,
            "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        OFF(DXGKARG_RECOMMENDFUNCTIONALVIDPN, hRecommendedFunctionalVidPn, 0x10,
            "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        OFF(DXGKARG_RECOMMENDFUNCTIONALVIDPN, RequestReason, 0x18,
            "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        OFF(DXGKARG_RECOMMENDFUNCTIONALVIDPN, pPrivateDriverData, 0x20,
            "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        OFF(DXGKARG_RECOMMENDFUNCTIONALVIDPN, PrivateDriverDataSize, 0x28,
            "MS DXGKARG_RECOMMENDFUNCTIONALVIDPN"),
        /* 6 */
        SIZE(DXGKARGCB_NOTIFY_INTERRUPT_DATA, 0x50, "MS DXGKARGCB_NOTIFY_INTERRUPT_DATA; XC"),
        OFF(DXGKARGCB_NOTIFY_INTERRUPT_DATA, DmaCompleted, 0x8, "MS (8-aligned union); XC"),
        OFF(DXGKARGCB_NOTIFY_INTERRUPT_DATA, Flags, 0x48, "MS DXGKARGCB_NOTIFY_INTERRUPT_DATA; XC"),
        /* 7 */
        SIZE(DXGK_CONTEXTINFO, 0x20, "MS DXGK_CONTEXTINFO (WDDM 2.0)"),
        OFF(DXGK_CONTEXTINFO, Caps, 0x18, "MS DXGK_CONTEXTINFO (WDDM 2.0)"),
        OFF(DXGK_CONTEXTINFO, PagingCompanionNodeId, 0x1C, "MS DXGK_CONTEXTINFO (WDDM 2.0)"),
        SIZE(DXGKARG_CREATECONTEXT, 0x48, "MS DXGKARG_CREATECONTEXT; XC"),
        OFF(DXGKARG_CREATECONTEXT, ContextInfo, 0x24, "MS DXGKARG_CREATECONTEXT"),
        /* 8-11: values */
        VAL(D3DDDI_ID_UNINITIALIZED, 0xFFFFFFFFu, "d3dukmdt.h (UINT)~0; XC"),
        VAL(D3DDDI_ID_NOTAPPLICABLE, 0xFFFFFFFEu, "d3dukmdt.h (UINT)~1; XC"),
        VAL(D3DDDI_ID_ALL, 0xFFFFFFFDu, "d3dukmdt.h (UINT)~2; XC"),
        VAL(DXGK_WHICHSPACE_CONFIG, 0x0u, "dispmprt.h = PCI_WHICHSPACE_CONFIG (wdm.h); XC"),
        VAL(DXGI_DDI_ERR_WASSTILLDRAWING, 0x887B0001u, "dxgiddi.h; XC"),
        VAL(DXGI_DDI_ERR_UNSUPPORTED, 0x887B0002u, "dxgiddi.h; XC"),
        VAL(DXGI_DDI_ERR_NONEXCLUSIVE, 0x887B0003u, "dxgiddi.h; XC"),
        VAL(STATUS_DEVICE_HARDWARE_ERROR, 0xC0000483u, "ntstatus.h; XC"),
        /* 12: D3D10/11 DDI versions */
        VAL(D3D10_0_DDI_INTERFACE_VERSION, 0xA0001u, "MS Version Numbers for Direct3D 10.1"),
        VAL(D3D10_0_DDI_BUILD_VERSION, 4u, "MS Version Numbers for Direct3D 10.1"),
        VAL(D3D10_1_DDI_INTERFACE_VERSION, 0xA0002u, "MS Version Numbers for Direct3D 10.1"),
        VAL(D3D10_1_DDI_BUILD_VERSION, 1u, "MS Version Numbers for Direct3D 10.1"),
        VAL(D3D11_0_DDI_INTERFACE_VERSION, 0xB000Au, "d3d10umddi.h (minor 10); XC"),
        VAL(D3D11_0_DDI_BUILD_VERSION, 2u, "d3d10umddi.h; XC"),
        VAL(D3D11_0_7_DDI_INTERFACE_VERSION, 0xB000Bu, "d3d10umddi.h (minor 11); XC"),
        VAL(D3D11_0_7_DDI_BUILD_VERSION, 2u, "d3d10umddi.h; XC"),
        /* 13: flag words, one named bit at a time */
        BIT(DXGK_VIDSCHCAPS, MultiEngineAware, 1, 0x1u, MS_VIDSCH),
        BIT(DXGK_VIDSCHCAPS, PreemptionAware, 1, 0x4u, MS_VIDSCH),
        BIT(DXGK_VIDSCHCAPS, No64BitAtomics, 1, 0x20u, MS_VIDSCH),
        BIT(DXGK_VIDSCHCAPS, LowIrqlPreemptCommand, 1, 0x40u, MS_VIDSCH),
        BIT(DXGK_VIDSCHCAPS, HwQueuePacketCap, 0xF, 0x780u, MS_VIDSCH " (4 bits)"),
        BIT(DXGK_VIDSCHCAPS, NativeGpuFence, 1, 0x800u, MS_VIDSCH),
        BIT(DXGK_VIDSCHCAPS, OptimizedNativeFenceSignaledInterrupt, 1, 0x1000u, MS_VIDSCH),
        BIT(DXGK_VIDMMCAPS, OutOfOrderLock, 1, 0x1u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, ParavirtualizationSupported, 1, 0x400u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, IoMmuSecureModeRequired, 1, 0x2000u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, MapAperture2Supported, 1, 0x4000u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, CrossAdapterResourceTexture, 1, 0x8000u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, CrossAdapterResourceScanout, 1, 0x10000u, MS_VIDMM),
        BIT(DXGK_VIDMMCAPS, AlwaysPoweredVRAM, 1, 0x20000u, MS_VIDMM),
        BIT(DXGK_SEGMENTFLAGS, CpuVisible, 1, 0x4u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, DirectFlip, 1, 0x400u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, ApplicationTarget, 1, 0x8000u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, VprSupported, 1, 0x10000u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, VprPreservedDuringStandby, 1, 0x20000u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, EncryptedPagingSupported, 1, 0x40000u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, LocalBudgetGroup, 1, 0x80000u, MS_SEG),
        BIT(DXGK_SEGMENTFLAGS, NonLocalBudgetGroup, 1, 0x100000u, MS_SEG),
        BIT(DXGK_SUBMITCOMMANDFLAGS, NullRendering, 1, 0x8u, MS_SUBMIT),
        BIT(DXGK_SUBMITCOMMANDFLAGS, Flip, 1, 0x10u, MS_SUBMIT),
        BIT(DXGK_SUBMITCOMMANDFLAGS, FlipWithNoWait, 1, 0x20u, MS_SUBMIT),
        BIT(DXGK_SUBMITCOMMANDFLAGS, ContextSwitch, 1, 0x40u, MS_SUBMIT),
        BIT(DXGK_SUBMITCOMMANDFLAGS, Resubmission, 1, 0x80u, MS_SUBMIT),
        BIT(DXGK_SUBMITCOMMANDFLAGS, VirtualMachineData, 1, 0x100u, MS_SUBMIT),
        BIT(D3DDDI_CREATECONTEXTFLAGS, NullRendering, 1, 0x1u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, InitialData, 1, 0x2u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, DisableGpuTimeout, 1, 0x4u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, SynchronizationOnly, 1, 0x8u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, HwQueueSupported, 1, 0x10u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, NoKmdAccess, 1, 0x20u, MS_CTXF),
        BIT(D3DDDI_CREATECONTEXTFLAGS, TestContext, 1, 0x40u, MS_CTXF),
        BIT(D3DDDI_ESCAPEFLAGS, HardwareAccess, 1, 0x1u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, DeviceStatusQuery, 1, 0x2u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, ChangeFrameLatency, 1, 0x4u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, NoAdapterSynchronization, 1, 0x8u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, VirtualMachineData, 1, 0x20u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, DriverKnownEscape, 1, 0x40u, MS_ESC),
        BIT(D3DDDI_ESCAPEFLAGS, DriverCommonEscape, 1, 0x80u, MS_ESC),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, ModeChange, 1, 0x1u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, FlipImmediate, 1, 0x2u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, FlipOnNextVSync, 1, 0x4u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, FlipStereo, 1, 0x8u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, FlipStereoTemporaryMono, 1, 0x10u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, FlipStereoPreferRight, 1, 0x20u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, SharedPrimaryTransition, 1, 0x40u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, IndependentFlipExclusive, 1, 0x80u, MS_SRCADDR),
        BIT(DXGK_SETVIDPNSOURCEADDRESS_FLAGS, MoveFlip, 1, 0x100u, MS_SRCADDR),
        BIT(DXGI_DDI_PRESENT_FLAGS, Blt, 1, 0x1u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, Flip, 1, 0x2u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, PreferRight, 1, 0x4u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, TemporaryMono, 1, 0x8u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, AllowTearing, 1, 0x10u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, AllowFlexibleRefresh, 1, 0x20u, MS_PRESENT),
        BIT(DXGI_DDI_PRESENT_FLAGS, NoScanoutTransform, 1, 0x40u, MS_PRESENT),
        BIT(DXGK_CREATEDEVICEFLAGS, SystemDevice, 1, 0x1u, MS_DEVF),
        BIT(DXGK_CREATEDEVICEFLAGS, GdiDevice, 1, 0x2u, MS_DEVF),
        BIT(DXGK_CREATEDEVICEFLAGS, Reserved0, 1, 0x80000000u, MS_DEVF),
        BIT(DXGK_CONTEXTINFO_CAPS, UseIoMmu, 1, 0x4u, "MS DXGK_CONTEXTINFO_CAPS"),
        BIT(DXGK_MAPAPERTUREFLAGS, CacheCoherent, 1, 0x1u, "MS DXGK_MAPAPERTUREFLAGS"),
        BIT(DXGK_DISCARDCONTENTFLAGS, AllocationIsIdle, 1, 0x1u, "XC (d3dkmddi.h)"),
        BIT(DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS, ValidPhysicalAdapterMask, 1, 0x1u,
            "MS DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS"),
        /* 14: Microsoft's names, at Microsoft's offsets */
        OFF(DXGK_CHILD_CAPABILITIES, Type.IntegratedDisplayChild.DescriptorLength, 0x4,
            "MS DXGK_CHILD_CAPABILITIES / DXGK_INTEGRATED_DISPLAY_CHILD"),
        OFF(DXGKARG_OPENALLOCATION, PrivateDriverSize, 0x18, "MS DXGKARG_OPENALLOCATION"),
        SIZE(DXGKARG_OPENALLOCATION, 0x38, "MS DXGKARG_OPENALLOCATION (WDDM 2.0); XC"),
        OFF(D3DKMDT_GAMMA_RAMP, Data.pRaw, 0x10, "MS D3DKMDT_GAMMA_RAMP"),
        /* settled UNCERTAINs */
        VAL(DXGKDDI_INTERFACE_VERSION_WDDM3_1, 0x10004u, "Windows metadata (Wdk::Graphics)"),
        VAL(DXGKDDI_INTERFACE_VERSION_WDDM3_2, 0x11007u, "d3dukmdt.h 10.0.26100 (translations)"),
        VAL(D3DERR_DEVICEREMOVED, 0x88760870u, "d3d9.h MAKE_D3DHRESULT(2160)"),
        VAL(D3DERR_WASSTILLDRAWING, 0x8876021Cu, "d3d9.h MAKE_D3DHRESULT(540)"),
        VAL(D3DKMDT_VSS_OTHER, 255u, "d3dkmdt.h"),
        VAL(D3DKMDT_VOT_HD15, 0u, "Windows metadata; MS WmiMonitorConnectionParams"),
        VAL(D3DKMDT_VOT_OTHER, 0xFFFFFFFFu, "Windows metadata (-1)"),
        VAL(D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT, 0x8u,
            "MS D3D10_DDI_RESOURCE_MISC_FLAG (2018 revision)"),
        OFF(DXGK_DEVICE_INFO, AgpApertureSize, 0x40, "MS DXGK_DEVICE_INFO (SIZE_T)"),
    };
    unsigned failures = 0;
    for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
        const Fact *f = &facts[i];
        if (f->ours != f->windows) {
            failures++;
            fprintf(stderr, "FAIL %s: ours 0x%" PRIx64 ", Windows 0x%" PRIx64 " (%s)\n", f->what,
                    f->ours, f->windows, f->source);
        }
    }
    printf("%zu facts, %u differ\n", sizeof(facts) / sizeof(facts[0]), failures);
    return failures ? 1 : 0;
}
