/* SPDX-License-Identifier: MIT */
/*
 * inf-check.exe INF: read sable.inf with setupapi (run under Wine here, or
 * on Windows) and check what Windows needs of it: the Display setup class
 * and its GUID, DriverVer, the driver-store destination (DIRID 13), the
 * sable-gpu hardware id (from protocol/sable_pci.h) in an NTamd64 models
 * section, FeatureScore, the copied files, UserModeDriverName (four
 * entries: D3D9, D3D10, D3D10.1, D3D11; the last three our x64 DLL) and
 * UserModeDriverNameWow (the x86 DLL), and the kernel service.
 * Prints one line per failure; exit 0 if none, 1 otherwise, 2 on bad usage
 * or an INF setupapi cannot open.
 */
#include <stdio.h>
#include <wchar.h>
#include <windows.h>
#include <setupapi.h>

#include "sable_pci.h"

#define FIELD_MAX 256

static int failures;

static void fail(const char *what, const wchar_t *got)
{
    printf("inf-check: %s (got \"%ls\")\n", what, got ? got : L"");
    failures++;
}

/* Field `n` of the first line `key` of `section` into out; false if absent. */
static BOOL field(HINF inf, const wchar_t *section, const wchar_t *key, DWORD n,
                  wchar_t *out)
{
    INFCONTEXT ctx;
    out[0] = 0;
    return SetupFindFirstLineW(inf, section, key, &ctx) &&
           SetupGetStringFieldW(&ctx, n, out, FIELD_MAX, NULL);
}

static void expect_field(HINF inf, const wchar_t *section, const wchar_t *key, DWORD n,
                         const wchar_t *want, const char *what)
{
    wchar_t got[FIELD_MAX];
    if (!field(inf, section, key, n, got) || _wcsicmp(got, want) != 0) {
        fail(what, got);
    }
}

static void check_class(const wchar_t *path)
{
    GUID guid;
    wchar_t name[64];
    static const GUID display = { 0x4d36e968, 0xe325, 0x11ce,
                                  { 0xbf, 0xc1, 0x08, 0x00, 0x2b, 0xe1, 0x03, 0x18 } };
    if (!SetupDiGetINFClassW(path, &guid, name, 64, NULL)) {
        fail("SetupDiGetINFClass cannot read the class", NULL);
        return;
    }
    if (_wcsicmp(name, L"Display") != 0) {
        fail("class is not Display", name);
    }
    if (!IsEqualGUID(&guid, &display)) {
        fail("ClassGUID is not the Display class GUID", name);
    }
}

/* DriverVer = mm/dd/yyyy,w.x.y.z */
static void check_driver_ver(HINF inf)
{
    wchar_t date[FIELD_MAX], version[FIELD_MAX];
    unsigned m, d, y, v[4];
    wchar_t tail;
    if (!field(inf, L"Version", L"DriverVer", 1, date) ||
        swscanf(date, L"%u/%u/%u%lc", &m, &d, &y, &tail) != 3 || m < 1 || m > 12 ||
        d < 1 || d > 31 || y < 2000) {
        fail("DriverVer date is not mm/dd/yyyy", date);
    }
    if (!field(inf, L"Version", L"DriverVer", 2, version) ||
        swscanf(version, L"%u.%u.%u.%u%lc", &v[0], &v[1], &v[2], &v[3], &tail) != 4) {
        fail("DriverVer version is not w.x.y.z", version);
    }
}

/* The models section the Manufacturer line names, with its x64 decoration,
 * and in it our hardware id; returns the install section in install. */
static void check_models(HINF inf, wchar_t *install)
{
    wchar_t models[FIELD_MAX], decoration[FIELD_MAX], section[FIELD_MAX], hwid[FIELD_MAX];
    wchar_t want[64];
    INFCONTEXT ctx;
    install[0] = 0;
    swprintf(want, 64, L"PCI\\VEN_%04X&DEV_%04X", SABLE_PCI_VENDOR_ID, SABLE_PCI_DEVICE_ID);
    if (!SetupFindFirstLineW(inf, L"Manufacturer", NULL, &ctx) ||
        !SetupGetStringFieldW(&ctx, 1, models, FIELD_MAX, NULL) ||
        !SetupGetStringFieldW(&ctx, 2, decoration, FIELD_MAX, NULL) ||
        _wcsicmp(decoration, L"NTamd64") != 0) {
        fail("Manufacturer line without an NTamd64 models section", NULL);
        return;
    }
    swprintf(section, FIELD_MAX, L"%ls.%ls", models, decoration);
    if (!SetupFindFirstLineW(inf, section, NULL, &ctx) ||
        !SetupGetStringFieldW(&ctx, 1, install, FIELD_MAX, NULL) ||
        !SetupGetStringFieldW(&ctx, 2, hwid, FIELD_MAX, NULL)) {
        fail("models section has no device line", section);
        return;
    }
    if (_wcsicmp(hwid, want) != 0) {
        fail("hardware id is not sable-gpu's", hwid);
    }
}

static void check_install(HINF inf, const wchar_t *install)
{
    wchar_t score[FIELD_MAX], files[FIELD_MAX];
    wchar_t *end;
    if (!field(inf, install, L"FeatureScore", 1, score) || wcstoul(score, &end, 16) > 0xFF ||
        *end) {
        fail("FeatureScore missing or not a hex byte", score);
    }
    if (!field(inf, install, L"CopyFiles", 1, files)) {
        fail("install section copies no files", install);
        return;
    }
    static const wchar_t *const need[] = { L"sable.sys", L"sable_d3d10.dll",
                                           L"sable_d3d10_wow.dll" };
    for (int i = 0; i < 3; i++) {
        INFCONTEXT ctx;
        if (!SetupFindFirstLineW(inf, files, need[i], &ctx)) {
            fail("a package file is not copied", need[i]);
        }
    }
    expect_field(inf, L"DestinationDirs", L"DefaultDestDir", 1, L"13",
                 "DefaultDestDir is not 13 (the driver store)");
}

/* The AddReg line of value `name`: REG_MULTI_SZ, four entries, the D3D10,
 * D3D10.1 and D3D11 ones (2..4) `dll`. */
static void check_umd_value(HINF inf, const wchar_t *addreg, const wchar_t *name,
                            const wchar_t *dll)
{
    INFCONTEXT ctx;
    wchar_t buf[FIELD_MAX];
    BOOL found = SetupFindFirstLineW(inf, addreg, NULL, &ctx);
    while (found && !(SetupGetStringFieldW(&ctx, 3, buf, FIELD_MAX, NULL) &&
                      _wcsicmp(buf, name) == 0)) {
        found = SetupFindNextLine(&ctx, &ctx);
    }
    INT flags = 0;
    if (!found || !SetupGetIntField(&ctx, 4, &flags) || flags != 0x00010000) {
        fail("UMD value missing or not REG_MULTI_SZ", name);
        return;
    }
    if (SetupGetFieldCount(&ctx) != 8) {
        fail("UMD value does not have four entries", name);
    }
    for (DWORD n = 6; n <= 8; n++) {
        if (!SetupGetStringFieldW(&ctx, n, buf, FIELD_MAX, NULL) || _wcsicmp(buf, dll) != 0) {
            fail("a D3D10/10.1/11 UMD entry is not ours", buf);
        }
    }
}

static void check_software(HINF inf, const wchar_t *install)
{
    wchar_t section[FIELD_MAX], addreg[FIELD_MAX];
    swprintf(section, FIELD_MAX, L"%ls.SoftwareSettings", install);
    if (!field(inf, section, L"AddReg", 1, addreg)) {
        fail("no SoftwareSettings AddReg", section);
        return;
    }
    check_umd_value(inf, addreg, L"UserModeDriverName", L"sable_d3d10.dll");
    check_umd_value(inf, addreg, L"UserModeDriverNameWow", L"sable_d3d10_wow.dll");
}

static void check_service(HINF inf, const wchar_t *install)
{
    wchar_t section[FIELD_MAX], service[FIELD_MAX], binary[FIELD_MAX];
    swprintf(section, FIELD_MAX, L"%ls.Services", install);
    expect_field(inf, section, L"AddService", 2, L"0x00000002",
                 "AddService is not the function driver (SPSVCINST_ASSOCSERVICE)");
    if (!field(inf, section, L"AddService", 3, service)) {
        fail("no service section", section);
        return;
    }
    expect_field(inf, service, L"ServiceType", 1, L"1", "ServiceType is not a kernel driver");
    size_t len = field(inf, service, L"ServiceBinary", 1, binary) ? wcslen(binary) : 0;
    if (len < 10 || _wcsicmp(binary + len - 10, L"\\sable.sys") != 0) {
        fail("ServiceBinary is not sable.sys", binary);
    }
}

int wmain(int argc, wchar_t **argv)
{
    if (argc != 2) {
        printf("usage: inf-check.exe INF\n");
        return 2;
    }
    wchar_t path[MAX_PATH];
    if (!GetFullPathNameW(argv[1], MAX_PATH, path, NULL)) {
        printf("inf-check: bad path %ls\n", argv[1]);
        return 2;
    }
    UINT line = 0;
    HINF inf = SetupOpenInfFileW(path, NULL, INF_STYLE_WIN4, &line);
    if (inf == INVALID_HANDLE_VALUE) {
        printf("inf-check: setupapi cannot open %ls (error %lu, line %u)\n", path,
               GetLastError(), line);
        return 2;
    }
    wchar_t install[FIELD_MAX];
    check_class(path);
    check_driver_ver(inf);
    check_models(inf, install);
    if (install[0]) {
        check_install(inf, install);
        check_software(inf, install);
        check_service(inf, install);
    }
    SetupCloseInfFile(inf);
    printf("inf-check: %ls: %d failure(s)\n", path, failures);
    return failures ? 1 : 0;
}
