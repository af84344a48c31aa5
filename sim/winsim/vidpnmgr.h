/* SPDX-License-Identifier: MIT */
/*
 * winsim's VidPN manager: VidPN objects handed to the KMD's VidPN DDIs and
 * the DXGK_VIDPN_INTERFACE (with its topology and source/target mode-set
 * interfaces) it reaches them through (DxgkCbQueryVidPnInterface). One
 * source and one target: the topology holds at most the path the KMD adds
 * (ids checked against the counts StartDevice reported, no duplicate);
 * mode sets hold up to WS_VIDPN_MAX_MODES modes with unique ids, at most
 * one pinned. It checks the KMD's use of the interface as dxgkrnl would:
 * handles of the right kind, mode infos and paths released exactly once,
 * created objects either added/assigned or released, a new mode set
 * assigned only to its own source/target; and after each DDI nothing the
 * KMD acquired or created may be left (ws_vidpn_check_released). A
 * violation is a bugcheck.
 */
#ifndef WS_VIDPNMGR_H
#define WS_VIDPNMGR_H

#include "winsim.h"

#define WS_VIDPN_MAX_MODES 16u

typedef union WsMode {
    D3DKMDT_VIDPN_SOURCE_MODE src;
    D3DKMDT_VIDPN_TARGET_MODE tgt;
} WsMode;

typedef struct WsModeSet {
    struct WsVidPn *vidpn;
    bool source;                /* a source (else target) mode set */
    UINT id;                    /* its source or target id */
    WsMode mode[WS_VIDPN_MAX_MODES];
    unsigned count;
    int pinned;                 /* index, -1: none */
    unsigned acquired;          /* mode infos handed out */
    unsigned set_refs;          /* AcquireXxxModeSet not released */
    bool assigned;
} WsModeSet;

typedef struct WsVidPn {
    WsSim *sim;
    bool has_path;
    D3DKMDT_VIDPN_PRESENT_PATH path;
    unsigned paths_acquired;
    WsModeSet *source_set;      /* of source 0 */
    WsModeSet *target_set;      /* of target 0 */
    GPtrArray *loose;           /* created, not yet added/assigned/released */
} WsVidPn;

/* An empty VidPN (no path, empty mode sets). */
WsVidPn *ws_vidpn_new(WsSim *sim);
void ws_vidpn_free(WsVidPn *v);
/* Bugcheck if the KMD kept anything it acquired or created. */
void ws_vidpn_check_released(WsVidPn *v, const char *ddi);
/* dxgkrnl's own edits (tests, bring-up): the path 0 -> 0 with the given
 * transformation; a mode added to a set (id returned); pinning. */
void ws_vidpn_set_path(WsVidPn *v, D3DKMDT_VIDPN_PRESENT_PATH_SCALING scaling,
                       D3DKMDT_VIDPN_PRESENT_PATH_ROTATION rotation);
UINT ws_vidpn_add_mode(WsModeSet *s, const WsMode *m);
const WsMode *ws_vidpn_pinned(const WsModeSet *s);
void ws_vidpn_pin(WsModeSet *s, UINT id);

/* DxgkCbQueryVidPnInterface. */
NTSTATUS WDDM_API ws_cb_query_vidpn_interface(D3DKMDT_HVIDPN h, DXGK_VIDPN_INTERFACE_VERSION ver,
                                              const DXGK_VIDPN_INTERFACE **out);

#endif
