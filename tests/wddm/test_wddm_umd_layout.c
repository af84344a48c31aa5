/* SPDX-License-Identifier: MIT */
/* Sable: user-mode DDI declaration checks.  Layout and function-table slot
 * asserts are compile-time (wddm_umd_layout_check.h, ddi_slot_asserts.h);
 * this program also checks documented values, flag-union bit positions and
 * the pfnSetErrorCb category rules at run time. */
#include <stdio.h>
#include <string.h>

#include "wddm_kmd.h" /* the KMD and UMD declarations must coexist */
#include "wddm_umd.h"
#include "wddm_umd_layout_check.h"
#include "wddm_umd_shader_layout_check.h"
#include "wddm_umd_state_layout_check.h"
#include "wddm_umd_uav_layout_check.h"
#include "ddi_slot_asserts.h"

static int failures;
static int passes;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (cond) {                                                        \
            passes++;                                                      \
        } else {                                                           \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                  \
    } while (0)

static UINT lockflag_value(int bit)
{
    D3DDDICB_LOCKFLAGS f;
    memset(&f, 0, sizeof f);
    switch (bit) {
    case 0: f.ReadOnly = 1; break;
    case 1: f.WriteOnly = 1; break;
    case 2: f.DonotWait = 1; break;
    case 3: f.IgnoreSync = 1; break;
    case 4: f.LockEntire = 1; break;
    case 5: f.DonotEvict = 1; break;
    case 6: f.AcquireAperture = 1; break;
    case 7: f.Discard = 1; break;
    case 8: f.NoExistingReference = 1; break;
    case 9: f.UseAlternateVA = 1; break;
    case 10: f.IgnoreReadSync = 1; break;
    default: break;
    }
    return f.Value;
}

static void test_flags(void)
{
    /* D3DDDICB_LOCKFLAGS: "first bit ... (0x00000001)" .. "eleventh bit ...
     * (0x00000400)" */
    for (int b = 0; b <= 10; b++)
        CHECK(lockflag_value(b) == (1u << b));
    {
        D3DDDICB_LOCKFLAGS f;
        memset(&f, 0, sizeof f);
        f.Reserved = 0x1FFFFFu;
        CHECK(f.Value == 0xFFFFF800u);
    }
    {
        D3DDDICB_RENDERFLAGS r;
        memset(&r, 0, sizeof r);
        r.NullRendering = 1;
        CHECK(r.Value == 0x8u);
        r.Value = 0;
        r.ResizePatchLocationList = 1;
        CHECK(r.Value == 0x4u);
    }
    {
        D3DDDI_ALLOCATIONINFO a;
        memset(&a, 0, sizeof a);
        a.Flags.Primary = 1;
        CHECK(a.Flags.Value == 0x1u);
    }
    {
        DXGI_DDI_ARG_BLT_FLAGS b;
        memset(&b, 0, sizeof b);
        b.Present = 1;
        CHECK(b.Value == 0x8u);
    }
}

static void test_values(void)
{
    CHECK((uint32_t)E_OUTOFMEMORY == 0x8007000Eu);
    CHECK((uint32_t)E_INVALIDARG == 0x80070057u);
    CHECK((uint32_t)E_FAIL == 0x80004005u);
    CHECK((uint32_t)E_NOTIMPL == 0x80004001u);
    CHECK((uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING == 0x887B0001u);
    CHECK((uint32_t)D3DDDIERR_DEVICEREMOVED == 0x88760870u);
    CHECK(FAILED(D3DDDIERR_DEVICEREMOVED) && SUCCEEDED(S_OK) && SUCCEEDED(S_FALSE));

    CHECK(DXGI_FORMAT_R8G8B8A8_UNORM == 28);
    CHECK(DXGI_FORMAT_B8G8R8A8_UNORM == 87);
    CHECK(DXGI_FORMAT_D24_UNORM_S8_UINT == 45);
    CHECK(DXGI_FORMAT_R32G32B32A32_FLOAT == 2);

    CHECK(D3D10_DDI_MAP_READ == 1 && D3D10_DDI_MAP_WRITE_NOOVERWRITE == 5);
    CHECK(D3D10_DDI_BIND_PIPELINE_MASK == 0x7F && D3D10_DDI_BIND_MASK == 0xFF);
    CHECK(D3D11DDICAPS_THREADING == 128 && D3D11DDICAPS_3DPIPELINESUPPORT == 130);

    CHECK(D3D10_DDI_INTERFACE_MAJOR(D3D10_1_DDI_INTERFACE_VERSION) == 10);
    CHECK(D3D10_DDI_INTERFACE_MINOR(D3D10_1_DDI_INTERFACE_VERSION) == 2);
    CHECK(D3D10_DDI_SUPPORTED_INTERFACE(D3D10_1_DDI_SUPPORTED) == D3D10_1_DDI_INTERFACE_VERSION);
    CHECK(D3D10_DDI_INTERFACE_MAJOR(D3D11_0_DDI_INTERFACE_VERSION) == 11);
    CHECK(D3D11_0_DDI_INTERFACE_VERSION != D3D11_0_7_DDI_INTERFACE_VERSION);
    CHECK(IS_D3D11_WIN7_INTERFACE_VERSION(D3D11_0_7_DDI_INTERFACE_VERSION));
    CHECK(D3D10_DDI_VERSION_BUILD(D3D10_0_DDI_VERSION_VISTA_GOLD) == D3D10_0_DDI_BUILD_VERSION);
}

static void test_error_categories(void)
{
    const HRESULT codes[] = {S_OK, S_FALSE, E_FAIL, E_OUTOFMEMORY, E_INVALIDARG, E_NOTIMPL,
                             D3DDDIERR_DEVICEREMOVED, DXGI_DDI_ERR_WASSTILLDRAWING,
                             DXGI_DDI_ERR_UNSUPPORTED, DXGI_DDI_ERR_NONEXCLUSIVE};
    /* allowed[cat] as a bit mask over codes[] (ctx = 0, then DONOTWAIT) */
    const unsigned allowed[D3D_UMDDI_ERRCAT_COUNT] = {
        [D3D_UMDDI_ERRCAT_NO_ERRORS] = 0,
        [D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED] = 1u << 6,
        [D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY] = (1u << 3) | (1u << 6),
        [D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS] = (1u << 3) | (1u << 6) | (1u << 9),
        [D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS] = 1u << 6,
        [D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS] = (1u << 6) | (1u << 7),
        [D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS] = 1u << 8,
        [D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS] = 1u << 4,
        [D3D_UMDDI_ERRCAT_RETURNS_HRESULT] = 0,
    };
    for (int c = 0; c < D3D_UMDDI_ERRCAT_COUNT; c++) {
        for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
            int want = (allowed[c] >> i) & 1u;
            int got = d3d_umddi_error_allowed((D3D_UMDDI_ERROR_CATEGORY)c, codes[i], 0);
            if (got != want)
                fprintf(stderr, "category %s code 0x%08x: got %d want %d\n",
                        d3d_umddi_error_category_name((D3D_UMDDI_ERROR_CATEGORY)c),
                        (unsigned)codes[i], got, want);
            CHECK(got == want);
        }
    }
    /* WASSTILLDRAWING from Map only "if the D3D10_DDI_MAP_FLAG_DONOTWAIT flag
     * was passed" */
    CHECK(d3d_umddi_error_allowed(D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS, DXGI_DDI_ERR_WASSTILLDRAWING,
                                  D3D_UMDDI_ERRCTX_MAP_DONOTWAIT));
    CHECK(!d3d_umddi_error_allowed(D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS, E_OUTOFMEMORY,
                                   D3D_UMDDI_ERRCTX_MAP_DONOTWAIT));
    /* "The driver cannot return D3DDDIERR_DEVICEREMOVED for any check-type
     * function." */
    CHECK(!d3d_umddi_error_allows_device_removed(D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS));
    CHECK(!d3d_umddi_error_allows_device_removed(D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS));
    CHECK(!d3d_umddi_error_allows_device_removed(D3D_UMDDI_ERRCAT_NO_ERRORS));
    CHECK(d3d_umddi_error_allows_device_removed(D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY));
    CHECK(strcmp(d3d_umddi_error_category_name(D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS),
                 "AllowMapErrors") == 0);
}

/* A table filled through its documented slot list has no NULL entry. */
static void WDDM_API stub_flush(D3D10DDI_HDEVICE h) { (void)h; }

static void test_table_fill(void)
{
    D3D11DDI_DEVICEFUNCS t;
    void *slots[D3D11DDI_DEVICEFUNCS_ENTRIES];
    memset(&t, 0, sizeof t);
    CHECK(sizeof t == sizeof slots);
    t.pfnFlush = stub_flush;
    memcpy(slots, &t, sizeof slots);
    int nonnull = 0;
    for (unsigned i = 0; i < D3D11DDI_DEVICEFUNCS_ENTRIES; i++)
        nonnull += slots[i] != NULL;
    CHECK(nonnull == 1);
    CHECK(slots[offsetof(D3D11DDI_DEVICEFUNCS, pfnFlush) / sizeof(void *)] != NULL);
    CHECK(offsetof(D3D11DDI_DEVICEFUNCS, pfnFlush) / sizeof(void *) == 48);
}

int main(void)
{
    test_flags();
    test_values();
    test_error_categories();
    test_table_fill();
    printf("%d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
