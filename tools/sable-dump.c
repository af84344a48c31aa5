/* SPDX-License-Identifier: MIT */
/*
 * sable-dump: decode a Sable device dump file to text or JSON.
 * Exit status: 0 decoded, 1 unreadable or invalid dump, 2 bad usage.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sable-dump-decode.h"

enum { EXIT_INVALID = 1, EXIT_USAGE = 2 };

static int usage_error(GOptionContext *ctx, const char *msg)
{
    g_autofree char *help = g_option_context_get_help(ctx, TRUE, NULL);

    fprintf(stderr, "sable-dump: %s\n%s", msg, help);
    return EXIT_USAGE;
}

static int decode_file(const char *path, gboolean json)
{
    g_autoptr(GError) err = NULL;
    g_autofree char *data = NULL;
    g_autofree char *out = NULL;
    g_autoptr(SableDump) dump = NULL;
    gsize len = 0;

    if (!g_file_get_contents(path, &data, &len, &err)) {
        fprintf(stderr, "sable-dump: %s\n", err->message);
        return EXIT_INVALID;
    }
    dump = sable_dump_decode(data, len, &err);
    if (dump == NULL) {
        fprintf(stderr, "sable-dump: %s: invalid dump: %s\n", path, err->message);
        return EXIT_INVALID;
    }
    out = json ? sable_dump_to_json_string(dump, true) : sable_dump_to_text(dump);
    fputs(out, stdout);
    if (json) {
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_INVALID;
}

int main(int argc, char **argv)
{
    gboolean json = FALSE;
    GOptionEntry entries[] = {
        { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of text", NULL },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("FILE");
    g_autoptr(GError) err = NULL;

    g_option_context_set_summary(ctx, "Decode a Sable device dump (protocol/sable_dump.h).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        return usage_error(ctx, err->message);
    }
    if (argc != 2) {
        return usage_error(ctx, argc < 2 ? "missing FILE" : "too many arguments");
    }
    return decode_file(argv[1], json);
}
