/* SPDX-License-Identifier: MIT */
/*
 * sablectl: control a running sable-gpu over QEMU's QMP socket, and decode
 * device dumps (docs/tdr.md "Controlling faults from QMP and sablectl").
 *
 *   sablectl [--qmp PATH] [--device ID] [--timeout S] COMMAND [ARGS]
 *     inject SPEC[;SPEC...]   arm fault injections
 *     clear                   disarm every pending injection
 *     status [--json]         engines, fences, faults, injections
 *     dump [-o FILE] [--json] fetch a fresh device dump and decode it
 *     decode [--json] FILE    decode a saved dump (no QMP)
 *
 * Exit status: 0 done, 1 runtime error (socket, QMP, invalid dump), 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sable-qmp.h"
#include "sable-dump-decode.h"
#include "status.h"

enum { EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

#define DEFAULT_DEVICE "gpu0"
#define DEFAULT_TIMEOUT_S 10

typedef struct Global {
    char *qmp;
    char *device;
    int timeout;
} Global;

static const char summary[] =
    "Commands:\n"
    "  inject SPEC[;SPEC...]     arm fault injections (KIND[,engine=N][,after=N|,fence=F]\n"
    "                            [,count=N][,delay-ns=N]; KIND = hang, page-fault,\n"
    "                            drop-irq, invalid-cmd, slow, reset-fail, draw-hang,\n"
    "                            draw-slow, context-error)\n"
    "  clear                     disarm every pending injection\n"
    "  status [--json]           device state: engines, fences, faults, injections\n"
    "  dump [-o FILE] [--json]   fetch a fresh device dump and decode it\n"
    "  decode [--json] FILE      decode a saved dump (device dump or CollectDbgInfo buffer)\n"
    "\n"
    "Exit status: 0 done, 1 runtime error, 2 bad usage.";

static int usage(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static int usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    fprintf(stderr, "sablectl: %s\n(see sablectl --help)\n", msg);
    return EXIT_USAGE;
}

static int fail(const GError *err)
{
    fprintf(stderr, "sablectl: %s\n", err->message);
    return EXIT_RUNTIME;
}

/* Parse a command's own options; argv[0] is the command name. */
static bool parse_command(const char *name, const char *params, GOptionEntry *entries,
                          int *argc, char ***argv, int want_args, int *status)
{
    g_autoptr(GOptionContext) ctx = g_option_context_new(params);
    g_autoptr(GError) err = NULL;
    g_autofree char *prg = g_strdup_printf("sablectl %s", name);

    g_set_prgname(prg);
    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, argc, argv, &err)) {
        *status = usage("%s: %s", name, err->message);
        return false;
    }
    if (*argc - 1 != want_args) {
        *status = usage("%s: %s", name, *argc - 1 < want_args ? "missing argument"
                                                               : "too many arguments");
        return false;
    }
    return true;
}

static char *device_path(const Global *g)
{
    const char *id = g->device ? g->device : DEFAULT_DEVICE;
    return id[0] == '/' ? g_strdup(id) : g_strconcat("/machine/peripheral/", id, NULL);
}

static SableQmp *connect_qmp(const Global *g, int *status)
{
    g_autoptr(GError) err = NULL;
    SableQmp *q = sable_qmp_connect(g->qmp, (unsigned)g->timeout, &err);
    if (q == NULL) {
        *status = fail(err);
    }
    return q;
}

/* Read one property of the device; NULL with *status set on any error. */
static JsonNode *get_property(const Global *g, const char *name, int *status)
{
    g_autoptr(SableQmp) q = connect_qmp(g, status);
    if (q == NULL) {
        return NULL;
    }
    g_autofree char *path = device_path(g);
    g_autoptr(GError) err = NULL;
    JsonNode *node = sable_qom_get(q, path, name, &err);
    if (node == NULL) {
        *status = fail(err);
    }
    return node;
}

static int print_dump(const void *data, gsize len, const char *what, gboolean json)
{
    g_autoptr(GError) err = NULL;
    g_autoptr(SableDump) dump = sable_dump_decode(data, len, &err);
    if (dump == NULL) {
        fprintf(stderr, "sablectl: %s: invalid dump: %s\n", what, err->message);
        return EXIT_RUNTIME;
    }
    g_autofree char *out = json ? sable_dump_to_json_string(dump, true) : sable_dump_to_text(dump);
    fputs(out, stdout);
    if (json) {
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_RUNTIME;
}

static int cmd_decode(const Global *g, int argc, char **argv)
{
    gboolean json = FALSE;
    GOptionEntry entries[] = {
        { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of text", NULL },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    int status;
    if (!parse_command("decode", "FILE", entries, &argc, &argv, 1, &status)) {
        return status;
    }
    g_autoptr(GError) err = NULL;
    g_autofree char *data = NULL;
    gsize len = 0;
    if (!g_file_get_contents(argv[1], &data, &len, &err)) {
        return fail(err);
    }
    return print_dump(data, len, argv[1], json);
}

static int cmd_inject(const Global *g, int argc, char **argv)
{
    GOptionEntry entries[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
    int status;
    if (!parse_command("inject", "SPEC[;SPEC...]", entries, &argc, &argv, 1, &status)) {
        return status;
    }
    g_autoptr(SableQmp) q = connect_qmp(g, &status);
    g_autofree char *path = device_path(g);
    g_autoptr(GError) err = NULL;
    if (q == NULL) {
        return status;
    }
    if (!sable_qom_set(q, path, "inject", json_node_init_string(json_node_alloc(), argv[1]),
                      &err)) {
        return fail(err);
    }
    printf("armed: %s\n", argv[1]);
    return EXIT_SUCCESS;
}

static int cmd_clear(const Global *g, int argc, char **argv)
{
    GOptionEntry entries[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
    int status;
    if (!parse_command("clear", "", entries, &argc, &argv, 0, &status)) {
        return status;
    }
    g_autoptr(SableQmp) q = connect_qmp(g, &status);
    g_autofree char *path = device_path(g);
    g_autoptr(GError) err = NULL;
    if (q == NULL) {
        return status;
    }
    if (!sable_qom_set(q, path, "inject-clear", json_node_init_boolean(json_node_alloc(), TRUE),
                      &err)) {
        return fail(err);
    }
    printf("injections cleared\n");
    return EXIT_SUCCESS;
}

static int cmd_status(const Global *g, int argc, char **argv)
{
    gboolean json = FALSE;
    GOptionEntry entries[] = {
        { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print the device's JSON", NULL },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    int status;
    if (!parse_command("status", "", entries, &argc, &argv, 0, &status)) {
        return status;
    }
    g_autoptr(JsonNode) state = get_property(g, "state", &status);
    g_autoptr(GError) err = NULL;
    g_autofree char *out = NULL;
    if (state == NULL) {
        return status;
    }
    out = json ? json_to_string(state, TRUE) : sctl_status_text(state, &err);
    if (out == NULL) {
        return fail(err);
    }
    printf("%s%s", out, json ? "\n" : "");
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_RUNTIME;
}

static int cmd_dump(const Global *g, int argc, char **argv)
{
    gboolean json = FALSE;
    g_autofree char *file = NULL;
    GOptionEntry entries[] = {
        { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of text", NULL },
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &file, "Also save the raw dump to FILE",
          "FILE" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    int status;
    if (!parse_command("dump", "", entries, &argc, &argv, 0, &status)) {
        return status;
    }
    g_autoptr(JsonNode) b64 = get_property(g, "dump", &status);
    g_autoptr(GError) err = NULL;
    if (b64 == NULL) {
        return status;
    }
    if (json_node_get_value_type(b64) != G_TYPE_STRING) {
        g_autofree char *path = device_path(g);
        fprintf(stderr, "sablectl: %s has no 'dump' string property\n", path);
        return EXIT_RUNTIME;
    }
    gsize len = 0;
    g_autofree guchar *data = g_base64_decode(json_node_get_string(b64), &len);
    if (file != NULL && !g_file_set_contents(file, (const char *)data, (gssize)len, &err)) {
        return fail(err);
    }
    return print_dump(data, len, "device dump", json);
}

typedef struct Command {
    const char *name;
    bool needs_qmp;
    int (*run)(const Global *g, int argc, char **argv);
} Command;

static const Command commands[] = {
    { "inject", true, cmd_inject },
    { "clear", true, cmd_clear },
    { "status", true, cmd_status },
    { "dump", true, cmd_dump },
    { "decode", false, cmd_decode },
};

static int dispatch(const Global *g, int argc, char **argv)
{
    if (argc < 2) {
        return usage("missing COMMAND");
    }
    if (g->timeout <= 0) {
        return usage("--timeout must be a positive number of seconds");
    }
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        if (strcmp(argv[1], commands[i].name) != 0) {
            continue;
        }
        if (commands[i].needs_qmp && g->qmp == NULL) {
            return usage("%s needs --qmp PATH", argv[1]);
        }
        return commands[i].run(g, argc - 1, argv + 1);
    }
    return usage("unknown command '%s'", argv[1]);
}

int main(int argc, char **argv)
{
    Global g = { .timeout = DEFAULT_TIMEOUT_S };
    GOptionEntry entries[] = {
        { "qmp", 'q', 0, G_OPTION_ARG_FILENAME, &g.qmp, "QEMU's QMP unix socket", "PATH" },
        { "device", 'd', 0, G_OPTION_ARG_STRING, &g.device,
          "sable-gpu id or QOM path (default " DEFAULT_DEVICE ")", "ID" },
        { "timeout", 't', 0, G_OPTION_ARG_INT, &g.timeout,
          "Seconds to wait for QEMU's answers (default 10)", "S" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("COMMAND [ARGS]");
    g_autoptr(GError) err = NULL;
    int status;

    g_option_context_set_summary(ctx, "Control a running sable-gpu and decode its dumps.");
    g_option_context_set_description(ctx, summary);
    g_option_context_set_strict_posix(ctx, TRUE);
    g_option_context_add_main_entries(ctx, entries, NULL);
    status = g_option_context_parse(ctx, &argc, &argv, &err) ? dispatch(&g, argc, argv)
                                                              : usage("%s", err->message);
    g_free(g.qmp);
    g_free(g.device);
    return status;
}
