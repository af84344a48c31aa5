/* SPDX-License-Identifier: MIT */
/* Writing the results file (results-write.h); portable. */
#include <stdlib.h>

#include "port.h"
#include "results-write.h"

static const char *const status_names[] = { "ok", "fail", "skip" };

const char *sr_status_name(SrStatus st)
{
    return status_names[st];
}

static void write_field(FILE *f, const char *s, const char *sep)
{
    char *e = sr_strescape(s ? s : "");
    fprintf(f, "%s%s", e, sep);
    free(e);
}

void sr_results_write_test(FILE *f, SrStatus st, const char *name, const char *message)
{
    fprintf(f, "test\t%s\t", sr_status_name(st));
    write_field(f, name, "\t");
    write_field(f, message, "\n");
    fflush(f);
}

void sr_results_write_image(FILE *f, const char *role, const char *name, const char *file,
                            unsigned tolerance)
{
    fputs("image\t", f);
    write_field(f, role, "\t");
    write_field(f, name, "\t");
    write_field(f, file, "\t");
    fprintf(f, "%u\n", tolerance);
    fflush(f);
}

void sr_results_write_end(FILE *f)
{
    fputs("end\n", f);
    fflush(f);
}
