/* SPDX-License-Identifier: MIT */
/*
 * The adapter-level DDIs (guest-kmd/power.c, sysdisplay.c): power cycles,
 * reset at DIRQL, ACPI / I/O request / interface answers, the system
 * (bugcheck) display, the hand-over of the display at stop, the POST
 * display taken over at start; and winsim's DxgkInitialize refusing a
 * driver without a required entry.
 */
#include <string.h>

#include "stack-util.h"

#define D3DFMT_X8R8G8B8 22u

static uint32_t reg(WsSim *sim, uint32_t off)
{
    return sim->t->ops->mmio_read(sim->t, off);
}

/* Each required entry, left NULL in a copy of the KMD's table, makes
 * DxgkInitialize refuse the driver; the full table is accepted. */
static void test_missing_entry_refused(void)
{
    WsSim *sim = started();
    DRIVER_INITIALIZATION_DATA full = sim->init;
    WCHAR buf[] = { 'S', 0 };
    UNICODE_STRING path = { 2, 4, buf };
    g_assert_cmpuint(ws_required_ddi_count, >=, 40);
    for (size_t i = 0; i < ws_required_ddi_count; i++) {
        DRIVER_INITIALIZATION_DATA copy = full;
        memset((uint8_t *)&copy + ws_required_ddis[i].offset, 0, sizeof(void *));
        sim->initialized = false;
        g_assert_cmphex((uint32_t)DxgkInitialize((PDRIVER_OBJECT)sim, &path, &copy), ==,
                        (uint32_t)STATUS_INVALID_PARAMETER);
        g_assert_false(sim->initialized);
    }
    g_assert_cmphex((uint32_t)DxgkInitialize((PDRIVER_OBJECT)sim, &path, &full), ==,
                    (uint32_t)STATUS_SUCCESS);
    g_assert_true(sim->initialized);
    ws_sim_free(sim);
}

/* D3 resets the device (interrupts masked, rings cleared); D0 programs it
 * again and work completes as before. */
static void test_power_cycle(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    g_assert_true(ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 0x1111)));
    PDXGKDDI_SET_POWER_STATE set = sim->init.DxgkDdiSetPowerState;
    g_assert_cmphex((uint32_t)set(sim->adapter, DISPLAY_ADAPTER_HW_ID, PowerDeviceD3,
                                  PowerActionSleep), ==, (uint32_t)STATUS_SUCCESS);
    g_assert_cmphex(reg(sim, SABLE_REG_IRQ_MASK), ==, 0);
    g_assert_cmphex(reg(sim, SABLE_REG_ENGINE(0) + SABLE_ENG_RING_CONTROL), ==, 0);
    g_assert_cmphex((uint32_t)set(sim->adapter, DISPLAY_ADAPTER_HW_ID, PowerDeviceD0,
                                  PowerActionNone), ==, (uint32_t)STATUS_SUCCESS);
    g_assert_cmphex(reg(sim, SABLE_REG_IRQ_MASK), !=, 0);
    g_assert_true(ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 0x2222)));
    g_assert_cmphex(read_result(&m, 0), ==, 0x2222);
    g_assert_cmphex((uint32_t)set(sim->adapter, 7, PowerDeviceD0, PowerActionNone), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmphex((uint32_t)set(sim->adapter, DISPLAY_ADAPTER_HW_ID, PowerDeviceMaximum,
                                  PowerActionNone), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* ResetDevice at DIRQL: registers only (winsim bugchecks an allocation or
 * a lock there); the device ends with its interrupts masked. */
static void test_reset_device(void)
{
    WsSim *sim = started();
    g_assert_cmphex(reg(sim, SABLE_REG_IRQ_MASK), !=, 0);
    sim->in_isr = true;
    sim->init.DxgkDdiResetDevice(sim->adapter);
    sim->in_isr = false;
    g_assert_cmphex(reg(sim, SABLE_REG_IRQ_MASK), ==, 0);
    ws_sim_free(sim);
}

static void test_requests(void)
{
    WsSim *sim = started();
    ULONG flags = 0xdeadu;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiNotifyAcpiEvent(sim->adapter, 1, 0x80, NULL,
                                                               &flags), ==, 0);
    g_assert_cmphex(flags, ==, 0);
    STATUS_BLOCK sb = { .Information = 99 };
    VIDEO_REQUEST_PACKET vrp = { .IoControlCode = 0x00230000u, .StatusBlock = &sb };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDispatchIoRequest(sim->adapter, 0, &vrp), ==,
                    (uint32_t)STATUS_NOT_SUPPORTED);
    g_assert_cmphex((uint32_t)sb.Status, ==, (uint32_t)STATUS_NOT_SUPPORTED);
    g_assert_cmpuint(sb.Information, ==, 0);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDispatchIoRequest(sim->adapter, 1, &vrp), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    GUID some = { 1, 2, 3, { 4 } };
    QUERY_INTERFACE qi = { .InterfaceType = &some, .Size = 16, .Version = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryInterface(sim->adapter, &qi), ==,
                    (uint32_t)STATUS_NOT_SUPPORTED);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryInterface(sim->adapter, NULL), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    ws_sim_free(sim);
}

static uint32_t vram32(WsSim *sim, uint64_t off)
{
    uint32_t v;
    memcpy(&v, (uint8_t *)sim->t->vram + off, sizeof(v));
    return v;
}

/* Enable (at DIRQL, as during a bugcheck) scans out the cleared VRAM head
 * at 1024x768 X8R8G8B8; Write places blocks, clipped at the right edge. */
static void test_system_display(void)
{
    WsSim *sim = started();
    memset(sim->t->vram, 0x5a, 1024 * 768 * 4);
    UINT w = 0, h = 0;
    D3DDDIFORMAT fmt = 0;
    DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS flags = { .Value = 0 };
    sim->in_isr = true;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiSystemDisplayEnable(sim->adapter, 0, &flags, &w,
                                                                   &h, &fmt), ==, 0);
    g_assert_cmpuint(w, ==, 1024);
    g_assert_cmpuint(h, ==, 768);
    g_assert_cmpuint(fmt, ==, D3DFMT_X8R8G8B8);
    g_assert_cmphex(vram32(sim, 4 * (1024 * 300 + 500)), ==, 0);
    uint32_t block[2 * 3] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66 }; /* 2 wide, 3 high */
    sim->init.DxgkDdiSystemDisplayWrite(sim->adapter, block, 2, 3, 8, 10, 5);
    uint32_t edge[4] = { 0xa1, 0xa2, 0xa3, 0xa4 };
    sim->init.DxgkDdiSystemDisplayWrite(sim->adapter, edge, 4, 1, 16, 1022, 0);
    sim->init.DxgkDdiSystemDisplayWrite(sim->adapter, edge, 4, 1, 16, 1024, 0); /* off */
    sim->in_isr = false;
    g_assert_cmphex(vram32(sim, 4 * (1024 * 5 + 10)), ==, 0x11);
    g_assert_cmphex(vram32(sim, 4 * (1024 * 5 + 11)), ==, 0x22);
    g_assert_cmphex(vram32(sim, 4 * (1024 * 7 + 11)), ==, 0x66);
    g_assert_cmphex(vram32(sim, 4 * (1024 * 8 + 10)), ==, 0);
    g_assert_cmphex(vram32(sim, 4 * 1022), ==, 0xa1);
    g_assert_cmphex(vram32(sim, 4 * 1023), ==, 0xa2);
    g_assert_cmphex(vram32(sim, 4 * 1024), ==, 0); /* row 1 untouched: clipped */
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, 0);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_WIDTH), ==, 1024);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_PITCH), ==, 4096);
    ws_sim_free(sim);
}

/* Without a scanout: a zeroed description. With one in VRAM: that
 * surface, still scanned out after the adapter stopped. */
static void test_handoff(void)
{
    WsSim *sim = started();
    DXGK_DISPLAY_INFORMATION info;
    memset(&info, 0xff, sizeof(info));
    PDXGKDDI_STOP_DEVICE_AND_RELEASE_POST_DISPLAY_OWNERSHIP stop =
        sim->init.DxgkDdiStopDeviceAndReleasePostDisplayOwnership;
    g_assert_cmphex((uint32_t)stop(sim->adapter, 0, &info), ==, 0);
    g_assert_cmpuint(info.Width, ==, 0);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, 0);
    ws_sim_free(sim);

    sim = started();
    UINT w, h;
    D3DDDIFORMAT fmt;
    DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS flags = { .Value = 0 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiSystemDisplayEnable(sim->adapter, 0, &flags, &w,
                                                                   &h, &fmt), ==, 0);
    g_assert_cmphex((uint32_t)stop(sim->adapter, 0, &info), ==, 0);
    g_assert_cmpuint(info.Width, ==, 1024);
    g_assert_cmpuint(info.Height, ==, 768);
    g_assert_cmpuint(info.Pitch, ==, 4096);
    g_assert_cmpuint(info.ColorFormat, ==, D3DFMT_X8R8G8B8);
    g_assert_cmphex((uint64_t)info.PhysicAddress.QuadPart, ==, sim->t->bar[SABLE_BAR_VRAM].addr);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(reg(sim, SABLE_REG_IRQ_MASK), ==, 0);
    g_assert_cmpuint(sim->stats.mappings, ==, 0); /* stopped: everything released */
    ws_sim_free(sim);
}

/* A POST framebuffer in VRAM stays scanned out from StartDevice on; one
 * the KMD cannot keep (outside VRAM) leaves the scanout off. */
static void test_post_display(void)
{
    WsSim *sim = ws_sim_new(transport_name());
    uint64_t vram = sim->t->bar[SABLE_BAR_VRAM].addr;
    sim->post_display = (DXGK_DISPLAY_INFORMATION){
        .Width = 800, .Height = 600, .Pitch = 3200, .ColorFormat = D3DFMT_X8R8G8B8,
        .PhysicAddress.QuadPart = (LONGLONG)(vram + 0x200000),
    };
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    g_assert_true(sim->post_display_acquired);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, 0x200000);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_WIDTH), ==, 800);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_PITCH), ==, 3200);
    ws_sim_free(sim);

    sim = ws_sim_new(transport_name());
    sim->post_display = (DXGK_DISPLAY_INFORMATION){
        .Width = 800, .Height = 600, .Pitch = 3200, .ColorFormat = D3DFMT_X8R8G8B8,
        .PhysicAddress.QuadPart = (LONGLONG)(vram + sim->t->bar[SABLE_BAR_VRAM].size),
    };
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    g_assert_true(sim->post_display_acquired);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, 0);
    ws_sim_free(sim);
}

void stack_add_system_tests(void)
{
    g_test_add_func("/stack/system/missing-entry-refused", test_missing_entry_refused);
    g_test_add_func("/stack/system/power-cycle", test_power_cycle);
    g_test_add_func("/stack/system/reset-device", test_reset_device);
    g_test_add_func("/stack/system/requests", test_requests);
    g_test_add_func("/stack/system/system-display", test_system_display);
    g_test_add_func("/stack/system/handoff", test_handoff);
    g_test_add_func("/stack/system/post-display", test_post_display);
}
