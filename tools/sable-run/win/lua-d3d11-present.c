/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's swap chains and display capture for scripts
 * (lua-d3d11.h): dev:swapchain{flip = false} is a DXGI swap chain of a
 * borderless window covering the screen (windowed: under Wine on Xvfb
 * that is the whole display), sc.back its back buffer (buffer 0: the
 * current back buffer, flip model too), sc:present(), sc:front() and
 * dev:capture() what the screen shows, read with GDI once the device's
 * work (the present too) is done.
 */
#include <string.h>

#include "lua-d3d11.h" /* COBJMACROS first */
#include <dxgi.h>
#include "lua-d3d-args.h"
#include "script.h"

#define SWAP_MT "sable.d3d11.swapchain"
#define WINDOW_CLASS "sable-run-swapchain"

typedef struct WSwap {
    IDXGISwapChain *sc;         /* NULL once released */
    HWND hwnd;
    ID3D11DeviceContext *c;     /* a reference */
    ID3D11Device *d;
} WSwap;

static void pump(void)
{
    MSG msg;
    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE)) {
        TranslateMessage(&msg);
        DispatchMessageA(&msg);
    }
}

/* Flush, and an event query polled until the GPU passed it. */
static void wait_idle(ID3D11Device *d, ID3D11DeviceContext *c)
{
    D3D11_QUERY_DESC qd = { D3D11_QUERY_EVENT, 0 };
    ID3D11Query *q = NULL;
    if (FAILED(ID3D11Device_CreateQuery(d, &qd, &q))) {
        return;
    }
    ID3D11DeviceContext_End(c, (ID3D11Asynchronous *)q);
    BOOL done = FALSE;
    while (ID3D11DeviceContext_GetData(c, (ID3D11Asynchronous *)q, &done, sizeof done, 0) ==
           S_FALSE) {
        Sleep(1);
    }
    ID3D11Query_Release(q);
    pump();
}

/* What the screen shows (GDI), as an image pushed on the stack. */
static int push_screen(lua_State *L)
{
    int w = GetSystemMetrics(SM_CXSCREEN), h = GetSystemMetrics(SM_CYSCREEN);
    static const uint8_t black[4] = { 0, 0, 0, 255 };
    SrImage *img = sr_image_new((uint32_t)w, (uint32_t)h, black);
    if (!img) {
        return sr_error(L, "capture: the screen is %dx%d", w, h);
    }
    sr_push_image(L, img);
    HDC screen = GetDC(NULL), mem = CreateCompatibleDC(screen);
    BITMAPINFO bi = { .bmiHeader = { sizeof(BITMAPINFOHEADER), w, -h, 1, 32, BI_RGB } };
    void *bits = NULL;
    HBITMAP bmp = CreateDIBSection(mem, &bi, DIB_RGB_COLORS, &bits, NULL, 0);
    HGDIOBJ old = bmp ? SelectObject(mem, bmp) : NULL;
    bool ok = bmp && BitBlt(mem, 0, 0, w, h, screen, 0, 0, SRCCOPY);
    GdiFlush();
    if (ok) {
        const uint8_t *p = bits;
        for (size_t i = 0; i < (size_t)w * h; i++) { /* BGRX rows, top-down */
            img->px[i * 4] = p[i * 4 + 2];
            img->px[i * 4 + 1] = p[i * 4 + 1];
            img->px[i * 4 + 2] = p[i * 4];
        }
    }
    if (bmp) {
        SelectObject(mem, old);
        DeleteObject(bmp);
    }
    DeleteDC(mem);
    ReleaseDC(NULL, screen);
    if (!ok) {
        return sr_error(L, "capture: BitBlt from the screen failed");
    }
    return 1;
}

static WSwap *check_swap(lua_State *L, int idx)
{
    WSwap *s = luaL_checkudata(L, idx, SWAP_MT);
    if (!s->sc) {
        sr_error(L, "argument %d: this swap chain was released", idx);
    }
    return s;
}

static int swap_release(lua_State *L)
{
    WSwap *s = luaL_checkudata(L, 1, SWAP_MT);
    if (s->sc) {
        IDXGISwapChain_Release(s->sc);
        DestroyWindow(s->hwnd);
        ID3D11DeviceContext_Release(s->c);
        ID3D11Device_Release(s->d);
        s->sc = NULL;
        pump();
    }
    return 0;
}

static int swap_present(lua_State *L)
{
    WSwap *s = check_swap(L, 1);
    w_check_hr(L, IDXGISwapChain_Present(s->sc, 0, 0), "Present");
    pump();
    return 0;
}

static int swap_front(lua_State *L)
{
    WSwap *s = check_swap(L, 1);
    wait_idle(s->d, s->c);
    return push_screen(L);
}

static int swap_index(lua_State *L)
{
    check_swap(L, 1);
    const char *k = luaL_checkstring(L, 2);
    static const luaL_Reg methods[] = { { "present", swap_present }, { "front", swap_front },
                                        { "release", swap_release }, { NULL, NULL } };
    if (strcmp(k, "back") == 0) {
        lua_getiuservalue(L, 1, 1);
        return 1;
    }
    for (const luaL_Reg *m = methods; m->name; m++) {
        if (strcmp(k, m->name) == 0) {
            lua_pushcfunction(L, m->func);
            return 1;
        }
    }
    return sr_error(L, "a swap chain has no field or method '%s'", k);
}

/* A borderless window over the whole screen, shown. */
static HWND screen_window(lua_State *L)
{
    WNDCLASSA wc = { .lpfnWndProc = DefWindowProcA, .hInstance = GetModuleHandleA(NULL),
                     .lpszClassName = WINDOW_CLASS };
    RegisterClassA(&wc); /* fails harmlessly once registered */
    HWND hwnd = CreateWindowExA(WS_EX_TOPMOST, WINDOW_CLASS, "sable-run", WS_POPUP | WS_VISIBLE,
                                0, 0, GetSystemMetrics(SM_CXSCREEN),
                                GetSystemMetrics(SM_CYSCREEN), NULL, NULL, wc.hInstance, NULL);
    if (!hwnd) {
        sr_error(L, "swapchain: CreateWindowEx failed (%lu)", (unsigned long)GetLastError());
    }
    ShowWindow(hwnd, SW_SHOW);
    UpdateWindow(hwnd);
    pump();
    return hwnd;
}

/* The device's DXGI factory (a reference), or a Lua error. */
static IDXGIFactory *factory_of(lua_State *L, ID3D11Device *d)
{
    IDXGIDevice *dd = NULL;
    IDXGIAdapter *ad = NULL;
    IDXGIFactory *f = NULL;
    HRESULT hr = ID3D11Device_QueryInterface(d, &IID_IDXGIDevice, (void **)&dd);
    if (SUCCEEDED(hr)) {
        hr = IDXGIDevice_GetAdapter(dd, &ad);
        IDXGIDevice_Release(dd);
    }
    if (SUCCEEDED(hr)) {
        hr = IDXGIAdapter_GetParent(ad, &IID_IDXGIFactory, (void **)&f);
        IDXGIAdapter_Release(ad);
    }
    w_check_hr(L, hr, "swapchain: the DXGI factory");
    return f;
}

/* swapchain{flip = false} */
static int dev_swapchain(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    bool flip = false;
    if (lua_istable(L, 2)) {
        lua_getfield(L, 2, "flip");
        flip = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    IDXGIFactory *f = factory_of(L, dev->d);
    HWND hwnd = screen_window(L);
    DXGI_SWAP_CHAIN_DESC sd = {
        .BufferDesc = { (UINT)GetSystemMetrics(SM_CXSCREEN), (UINT)GetSystemMetrics(SM_CYSCREEN),
                        { 60, 1 }, DXGI_FORMAT_B8G8R8A8_UNORM, 0, 0 },
        .SampleDesc = { 1, 0 }, .BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT,
        .BufferCount = flip ? 2 : 1, .OutputWindow = hwnd, .Windowed = TRUE,
        .SwapEffect = flip ? DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL : DXGI_SWAP_EFFECT_DISCARD };
    IDXGISwapChain *sc = NULL;
    HRESULT hr = IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev->d, &sd, &sc);
    IDXGIFactory_Release(f);
    ID3D11Texture2D *back = NULL;
    if (SUCCEEDED(hr)) {
        hr = IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&back);
    }
    if (FAILED(hr)) {
        if (sc) {
            IDXGISwapChain_Release(sc);
        }
        DestroyWindow(hwnd);
        w_check_hr(L, hr, "CreateSwapChain");
    }
    /* Under Wine the first present after the window appears is lost (the
     * window's drawable is made by it): present once now, the back buffer
     * being undefined until the script draws anyway. */
    IDXGISwapChain_Present(sc, 0, 0);
    wait_idle(dev->d, dev->c);
    WSwap *s = lua_newuserdatauv(L, sizeof(*s), 1);
    *s = (WSwap){ sc, hwnd, dev->c, dev->d };
    ID3D11DeviceContext_AddRef(s->c);
    ID3D11Device_AddRef(s->d);
    luaL_setmetatable(L, SWAP_MT);
    WObj *o = w_push_obj(L, dev, WK_RESOURCE, (IUnknown *)back);
    o->dim = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
    o->format = sd.BufferDesc.Format;
    o->width = sd.BufferDesc.Width;
    o->height = sd.BufferDesc.Height;
    o->depth = o->mips = o->array = 1;
    o->bpp = 4;
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* capture(): what the screen shows once the work so far is done. */
static int dev_capture(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    wait_idle(dev->d, dev->c);
    return push_screen(L);
}

void w_open_present(lua_State *L)
{
    luaL_newmetatable(L, SWAP_MT);
    lua_pushcfunction(L, swap_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, swap_release);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
}

const luaL_Reg w_present_ops[] = {
    { "swapchain", dev_swapchain }, { "capture", dev_capture }, { NULL, NULL }
};
