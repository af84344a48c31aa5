/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, shared resources: one device creates, another opens
 * (OpenResource) and reads; bad private data refused.
 */
#include <string.h>

#include "test-d3d.h"

/* A shared resource: device A creates a TILE_Y render target with initial
 * data (a kernel-mode resource comes back), device B (another interface
 * version) opens it through the private data dxgkrnl kept and reads it
 * byte-exact, clears it; A sees the clear. A destroys its resource first:
 * B's still works; when B's is destroyed too (deferred to its Flush) the
 * allocation is gone from VRAM and the kernel-mode resource with it. */
static void test_shared(gconstpointer data)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *a = e.d, *b = rt_device_new(e.ad, GPOINTER_TO_UINT(data), 0, 0, 0);
    enum { W = 70, H = 45 };
    g_autofree uint8_t *init = g_malloc(W * H * 4), *out = g_malloc(W * H * 4);
    pattern(init, W * H * 4, 5);
    D3D10_DDIARG_SUBRESOURCE_UP up = { .pSysMem = init, .SysMemPitch = W * 4 };
    unsigned vram = e.sim->vidmm.in_vram->len;
    RtResource *ra, *rb;
    g_assert_cmphex((uint32_t)rt_create_shared_tex2d(a, W, H, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                     D3D10_DDI_BIND_RENDER_TARGET |
                                                         D3D10_DDI_BIND_SHADER_RESOURCE,
                                                     &up, &ra), ==, 0);
    g_assert_cmphex(ra->km, !=, 0);
    g_assert_true(sable_umd_resource_tiled(ra->mem));
    g_assert_cmphex((uint32_t)rt_flush(a), ==, 0); /* B's reads come after A's upload */
    g_assert_cmphex((uint32_t)rt_open_resource(b, ra->km, &rb), ==, 0);
    g_assert_true(sable_umd_resource_tiled(rb->mem));
    rt_read(b, rb, 0, out);
    g_assert_cmpmem(out, W * H * 4, init, W * H * 4);

    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(b, rb, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(b, v, 1.0f, 0.0f, 0.0f, 1.0f), ==, 0);
    rt_destroy_rtv(b, v);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    rt_wait_idle(b);
    rt_read(a, ra, 0, out);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmphex(out[4 * i] | out[4 * i + 1] << 8 | out[4 * i + 2] << 16 |
                            (uint32_t)out[4 * i + 3] << 24, ==, 0xff0000ffu);
    }
    rt_destroy(a, ra);
    g_assert_cmphex((uint32_t)rt_flush(a), ==, 0);
    g_assert_cmpuint(e.sim->vidmm.in_vram->len, ==, vram + 1); /* B still holds it */
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(b, W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, &up, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(b, rb, st), ==, 0);
    rt_read(b, rb, 0, out);
    g_assert_cmpmem(out, W * H * 4, init, W * H * 4);
    rt_destroy(b, st);
    rt_destroy(b, rb);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    g_assert_cmpuint(e.sim->vidmm.in_vram->len, ==, vram);
    g_assert_cmpuint(g_hash_table_size(e.ad->shared), ==, 0);
    g_assert_cmpuint(a->errors + b->errors, ==, 0);
    rt_device_free(b);
    env_free(&e);
}

/* OpenResource checks what dxgkrnl relays: resource private data that is
 * not a Sable description, or describes a different layout, fails with
 * E_OUTOFMEMORY (the runtime then closes what it opened and never calls
 * DestroyResource); the device is not lost and a good open still works. */
static void test_shared_bad(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *a = e.d, *b = rt_device_new(e.ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtResource *ra, *rb;
    g_assert_cmphex((uint32_t)rt_create_shared_tex2d(a, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM,
                                                     D3D10_DDI_BIND_RENDER_TARGET, NULL, &ra),
                    ==, 0);
    UINT size;
    uint8_t *priv = rt_shared_private(e.ad, ra->km, &size);
    g_autofree uint8_t *good = g_memdup2(priv, size);
    /* every byte flipped in turn: each must be refused or open the same */
    unsigned refused = 0;
    for (UINT i = 0; i < size; i++) {
        priv[i] ^= 0x5a;
        HRESULT hr = rt_open_resource(b, ra->km, &rb);
        g_assert_true(hr == S_OK || hr == E_OUTOFMEMORY);
        if (hr == S_OK) {
            g_assert_cmpuint(rb->width, ==, 64);
            rt_destroy(b, rb);
        }
        refused += hr == E_OUTOFMEMORY;
        memcpy(priv, good, size);
    }
    /* only the low byte of the bind flags can flip into another valid
     * description of the same layout */
    g_assert_cmpuint(refused, >=, size - 1);
    g_assert_cmpuint(rt_umd_stats(b).lost, ==, 0);
    g_assert_cmphex((uint32_t)rt_open_resource(b, ra->km, &rb), ==, 0);
    rt_destroy(b, rb);
    rt_destroy(a, ra);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    rt_device_free(b);
    env_free(&e);
}

void d3d_shared_tests_add(void)
{
    g_test_add_data_func("/d3d/shared/11.0-11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_shared);
    g_test_add_data_func("/d3d/shared/11.0-10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_shared);
    g_test_add_func("/d3d/shared/bad-private-data", test_shared_bad);
}
