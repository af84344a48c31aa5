/* SPDX-License-Identifier: MIT */
/*
 * sable-run.exe: the Windows build of the runner. The same scripts, the
 * same script core (script-core.c) and modules, with `d3d` over the real
 * d3d11.dll (lua-d3d11.c): in a Windows guest over our drivers, under Wine
 * the reference renderer. Scripts run one after the other in this process;
 * TAP on stdout, and an output folder laid out as the Linux runner's
 * (one NNN-NAME.lua folder per script with results.tsv and the pictures),
 * so that `sable-run --compare` on Linux reads it.
 *
 *   sable-run.exe [--out DIR] SCRIPT|DIR...
 */
#include <direct.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "script.h"

static unsigned n_tap, n_failed;
static const char *current;     /* the running script, for TAP lines */

static void tap(SrStatus st, const char *name, const char *message)
{
    printf("%s %u - %s: %s%s%s\n", st == SR_FAIL ? "not ok" : "ok", ++n_tap, current, name,
           st == SR_SKIP ? " # SKIP " : "", st == SR_SKIP ? message : "");
    if (st == SR_FAIL) {
        n_failed++;
        for (const char *l = message; *l; ) {
            size_t n = strcspn(l, "\n");
            printf("# %.*s\n", (int)n, l);
            l += n + (l[n] != 0);
        }
    }
    fflush(stdout);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct List {
    char **v;
    size_t n, cap;
} List;

static void add(List *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        char **v = sr_xcalloc(l->cap, sizeof(*v));
        if (l->n) {
            memcpy(v, l->v, l->n * sizeof(*v));
        }
        free(l->v);
        l->v = v;
    }
    l->v[l->n++] = s;
}

/* arg as scripts: a folder's *.lua files, or the file; false if neither. */
static bool collect(List *l, const char *arg)
{
    struct _finddata_t fd;
    char *pattern = sr_path_join(arg, "*.lua");
    intptr_t h = _findfirst(pattern, &fd);
    free(pattern);
    if (h != -1) {
        do {
            if (!(fd.attrib & _A_SUBDIR)) {
                add(l, sr_path_join(arg, fd.name));
            }
        } while (_findnext(h, &fd) == 0);
        _findclose(h);
        return true;
    }
    if (_access(arg, 4) == 0) {
        add(l, sr_strdup(arg));
        return true;
    }
    return false;
}

static int usage(const char *why)
{
    fprintf(stderr, "sable-run: %s\nusage: sable-run.exe [--out DIR] SCRIPT|DIR...\n", why);
    return 2;
}

int main(int argc, char **argv)
{
    const char *out = "sable-run-out";
    List scripts = { 0 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (argv[i][0] == '-') {
            return usage("unknown option");
        } else if (!collect(&scripts, argv[i])) {
            fprintf(stderr, "sable-run: %s: no such script or folder\n", argv[i]);
            return 2;
        }
    }
    if (!scripts.n) {
        return usage("no scripts");
    }
    /* Under Wine this is the reference renderer (reference_gap() skips). */
    bool wine = GetProcAddress(GetModuleHandleA("ntdll.dll"), "wine_get_version") != NULL;
    qsort(scripts.v, scripts.n, sizeof(*scripts.v), cmp_str);
    _mkdir(out);
    for (size_t i = 0; i < scripts.n; i++) {
        char *id = sr_strdup_printf("%03u-%s", (unsigned)i, sr_path_basename(scripts.v[i]));
        char *dir = sr_path_join(out, id);
        _mkdir(dir);
        current = scripts.v[i];
        if (sr_script_run(scripts.v[i], dir, wine ? SR_TRANSPORT_WINE : "d3d11", tap) == 2) {
            tap(SR_FAIL, "results", "cannot write the script's output folder");
        }
        free(id);
        free(dir);
        free(scripts.v[i]);
    }
    free(scripts.v);
    printf("1..%u\n", n_tap);
    return n_failed ? 1 : 0;
}
