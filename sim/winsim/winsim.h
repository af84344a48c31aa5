/* SPDX-License-Identifier: MIT */
/*
 * winsim: the dxgkrnl side of the stack, simulated. One WsSim per test
 * process (the KMD's OS layer and DxgkInitialize are global functions, as
 * on Windows, and reach the current WsSim). It loads the KMD as Windows
 * does (kmd_driver_entry -> DxgkInitialize captures the
 * DRIVER_INITIALIZATION_DATA), runs AddDevice/StartDevice with a
 * DXGKRNL_INTERFACE whose callbacks check the documented rules, turns the
 * transport's interrupts into InterruptRoutine + DpcRoutine calls, and
 * schedules submissions per node (vidsch.h). Contract violations end the
 * run through ws_bugcheck().
 */
#ifndef WINSIM_H
#define WINSIM_H

#include "wddm_kmd.h"
#include "sable_kmd_private.h"
#include "transport.h"
#include "guestmem.h"

/* winsim's own model limits (not Sable's numbers): a KMD reporting more
 * nodes or segments than these is refused with a message saying so. */
#define WS_MAX_NODES 8u
#define WS_MAX_SEGMENTS 8u
#define WS_MAX_SWIZZLING_RANGES 64u

typedef struct WsMapping {
    void *va;          /* what DxgkCbMapMemory returned */
    uint64_t bus;      /* translated address mapped */
    uint64_t len;
    bool mmio;         /* BAR0: accesses go to the transport */
} WsMapping;

/* A submission VidSch keeps until it retires, to resubmit it after a reset
 * that aborted it when its context was innocent. */
typedef struct WsPacket {
    HANDLE context;
    unsigned segment;
    uint64_t gpu;
    uint32_t size;
    bool paging;
    uint32_t fence;
} WsPacket;

typedef struct WsRemap {
    uint32_t old_fence, new_fence;
} WsRemap;

typedef struct WsNode {
    uint32_t next_fence;    /* next SubmissionFenceId */
    uint32_t submitted;     /* last fence handed to SubmitCommand */
    uint32_t notified;      /* last DMA_COMPLETED fence (ISR time) */
    uint32_t retired;       /* completed as of the last NotifyDpc */
    uint32_t faults;        /* DMA_FAULTED notifications */
    uint32_t faulted_fence;
    GArray *pending;        /* WsPacket submitted and not retired, oldest first */
    GArray *remap;          /* WsRemap: aborted fences resubmitted under new ones */
} WsNode;

typedef struct WsStats {
    unsigned isr_claimed, dpc_calls, notify_dpc;
    unsigned notify_completed, notify_outside_isr, queries;
    unsigned timeouts, adapter_resets, engine_resets, resubmitted;
    unsigned os_allocs, os_dma, os_locks, mappings;  /* live objects */
} WsStats;

/* One debug report a TDR collected: which DDI (CollectDbgInfo2 when the
 * KMD declares WDDM 3.2 and fills the slot, else CollectDbgInfo), what
 * winsim passed and what the KMD returned in the extension. */
typedef struct WsTdrReport {
    UINT reason;                        /* VIDEO_*_TIMEOUT_DETECTED */
    bool v2;                            /* DxgkDdiCollectDbgInfo2 was called */
    DXGK_TDR_TYPE type;                 /* v2 only */
    bool has_payload;                   /* v2: an ENGINE_TIMEOUT payload was passed */
    DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT payload;
    DXGK_ENGINESTATUS engine_status;    /* engine path: QueryEngineStatus of the node */
    DXGKARG_COLLECTDBGINFO_EXT ext;     /* as the KMD filled it */
} WsTdrReport;

/* A DMA buffer of the pool Render fills (aperture pages); busy until the
 * submission using it retires. */
#define WS_DMA_BUFFERS 4u
typedef struct WsDmaBuffer {
    uint64_t bus, gpu;
    uint8_t *cpu;
    struct _MDL *mdl;
    bool busy;
    unsigned node;
    uint32_t fence;
    uint8_t *priv;              /* its private data (the largest a context asked for) */
    UINT priv_size;
} WsDmaBuffer;

/* A swizzling range VidMm acquired (kmt.c); alloc NULL: free. */
typedef struct WsSwzRange {
    struct WsKmtAllocation *alloc;
    uint8_t *cpu;               /* CPUTranslatedAddress mapped (BAR4) */
    uint64_t used;              /* last lock, for least-recently-used release */
} WsSwzRange;

/* What a context's creation reported (DXGK_CONTEXTINFO, or the device's
 * DXGK_DEVICEINFO for the same members), checked by kmd-report.c. */
typedef struct WsContextInfo {
    unsigned node;
    UINT dma_size;              /* DmaBufferSize */
    UINT dma_segment_set;       /* DmaBufferSegmentSet */
    UINT alloc_list_size;       /* AllocationListSize */
    UINT patch_list_size;       /* PatchLocationListSize */
    UINT dma_priv_size;         /* DmaBufferPrivateDataSize */
} WsContextInfo;

/* VidMm (vidmm.h): segments, the paging buffer and the paging context, all
 * as the KMD reported them (QUERYSEGMENT3, DXGK_DEVICEINFO). */
typedef struct WsVidMm {
    DXGK_SEGMENTDESCRIPTOR seg[WS_MAX_SEGMENTS]; /* seg[id - 1] */
    DXGK_QUERYSEGMENTOUT out;
    WsPageMap pages[WS_MAX_SEGMENTS];   /* pages in use per segment */
    UINT aperture_id;           /* the aperture segment system memory is mapped into */
    HANDLE system_device;
    HANDLE paging_context;      /* node 0, system context */
    uint64_t pb_bus;
    uint8_t *pb_cpu;
    uint64_t pb_gpu;
    struct _MDL *pb_mdl;
    uint32_t dma_limit;         /* tests: DmaSize cap per call; 0 = whole */
    unsigned paging_submits;
    WsDmaBuffer dma[WS_DMA_BUFFERS]; /* the DMA buffers Render fills */
    uint32_t dma_size;          /* the system device's DmaBufferSize */
    UINT dma_segment;           /* an aperture segment of its DmaBufferSegmentSet */
    D3DDDI_PATCHLOCATIONLIST *patch_out; /* patch_size entries */
    UINT patch_size;            /* the largest PatchLocationListSize reported */
    GHashTable *contexts;       /* hContext -> WsContextInfo * */
    unsigned render_submits;
    GPtrArray *in_vram;         /* WsKmtAllocation * in VRAM, oldest first */
    unsigned evictions, page_ins;
    WsSwzRange swz[WS_MAX_SWIZZLING_RANGES]; /* RangeId -> allocation; the
                                 * first caps.NumberOfSwizzlingRanges are used */
    uint64_t swz_clock;
    unsigned swz_acquires, swz_releases, swz_unavailable, swz_dropped;
} WsVidMm;

/* The display as dxgkrnl sees it (display.h): what StartDevice reported,
 * the child and its EDID, what was committed, the primary, vsync. */
#define WS_EDID_SIZE 128u
typedef struct WsDisplay {
    ULONG sources, children;        /* reported by StartDevice */
    DXGK_CHILD_DESCRIPTOR child;
    uint8_t edid[WS_EDID_SIZE];
    bool started;                   /* ws_display_start() brought it up */
    UINT width, height;             /* committed source mode, 0: none */
    struct WsKmtDevice *device;     /* dxgkrnl's device owning the primary */
    struct WsKmtAllocation *primary;
    uint64_t address;               /* last SetVidPnSourceAddress */
    bool visible;
    bool vsync_enabled;             /* ControlInterrupt(CRTC_VSYNC) */
    unsigned vsyncs;                /* CRTC_VSYNC notifications */
    uint64_t vsync_address;         /* PhysicalAddress of the last one */
    GArray *flips;                  /* WsFlip queued, oldest first */
    unsigned flips_done;
} WsDisplay;

/* A flip present submitted: once its fence retired dxgkrnl points the
 * scanout at `alloc` (SetVidPnSourceAddress); dropped if a TDR put its
 * context in error. */
typedef struct WsFlip {
    HANDLE context;
    unsigned node;
    uint32_t fence;
    struct WsKmtAllocation *alloc;
} WsFlip;

typedef struct WsSim {
    WsTransport *t;
    WsGuestMem mem;
    DRIVER_INITIALIZATION_DATA init;
    bool initialized;
    PVOID adapter;                  /* MiniportDeviceContext */
    DXGKRNL_INTERFACE dxgk;
    DXGK_DRIVERCAPS caps;           /* queried after StartDevice */
    char *refused;                  /* why dxgkrnl refused the adapter's report */
    CM_RESOURCE_LIST *resources;
    GPtrArray *mappings;            /* WsMapping */
    bool in_isr, in_dpc, dpc_queued;
    unsigned locks_held;            /* KMD spinlocks held now (os-winsim.c) */
    /* What DxgkCbAcquirePostDisplayOwnership reports (zero: no POST
     * display), and whether the KMD asked. */
    DXGK_DISPLAY_INFORMATION post_display;
    bool post_display_acquired;
    ULONG isr_message;              /* message of the ISR / synchronized routine */
    unsigned nodes;                 /* GpuEngineTopology.NbAsymetricProcessingNodes */
    WsNode node[WS_MAX_NODES];
    WsStats stats;
    WsVidMm vidmm;
    uint64_t query_after_ns;        /* no progress this long: QueryCurrentFence */
    uint32_t dma_queue_entries;     /* RequiredDmaQueueEntry: in flight per node */
    uint64_t tdr_delay_ns;          /* TdrDelay (device time), default 2 s */
    unsigned tdr_level;             /* TdrLevel: WS_TDR_LEVEL_*, default RECOVER */
    unsigned tdr_limit_count;       /* more TDRs than this within... */
    uint64_t tdr_limit_time_ns;     /* ...this much device time: bugcheck 0x116 */
    GArray *tdr_times;              /* device time (uint64_t) of recent TDRs */
    uint64_t now_ns;                /* device time winsim let pass */
    GPtrArray *dump_files;          /* files of the dumps TDRs saved (char *) */
    GArray *tdr_reports;            /* WsTdrReport of every report collected */
    GHashTable *errored;            /* contexts put in error by a TDR */
    WsDisplay display;
} WsSim;

/* Open the transport (inproc, inproc-intx, qemu) and load the KMD. */
WsSim *ws_sim_new(const char *transport);
/* Stop and remove the adapter if started, then check nothing leaked. */
void ws_sim_free(WsSim *sim);
WsSim *ws_sim_current(void);

/* AddDevice + StartDevice; returns StartDevice's status (after a failure
 * the device is removed, as dxgkrnl does). */
NTSTATUS ws_adapter_start(WsSim *sim);
/* StopDevice + RemoveDevice. */
void ws_adapter_remove(WsSim *sim);

/* DRIVER_INITIALIZATION_DATA entries DxgkInitialize refuses a driver
 * without (dxgkrnl.c, from Microsoft's pages). */
typedef struct WsRequiredDdi {
    const char *name;
    size_t offset;
    uint32_t since;     /* DRIVER_INITIALIZATION_DATA.Version that needs it */
} WsRequiredDdi;
extern const WsRequiredDdi ws_required_ddis[];
extern const size_t ws_required_ddi_count;

/* The DXGKRNL_INTERFACE handed to StartDevice (callbacks.c). */
void ws_fill_interface(WsSim *sim);
/* The IRQL rules of guest-kmd/os.h: bugcheck DRIVER_IRQL_NOT_LESS_OR_EQUAL
 * naming `what` when called in the ISR (or a synchronized routine), or, for
 * ws_require_passive, also in the DPC or with a KMD spinlock held. */
void ws_require_below_dirql(WsSim *sim, const char *what);
void ws_require_passive(WsSim *sim, const char *what);

/* Deliver pending interrupts (ISR per message) and run a queued DPC. */
void ws_service_interrupts(WsSim *sim);
void ws_run_dpc(WsSim *sim);

#endif
