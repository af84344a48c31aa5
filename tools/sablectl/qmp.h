/* SPDX-License-Identifier: MIT */
/*
 * A QMP client for sablectl: one connection to a QEMU monitor's unix socket,
 * one command at a time, events skipped, every reply parsed with json-glib.
 * Every failure is a GError in SCTL_QMP_ERROR: CONNECT (no socket, nobody
 * listening), IO (the connection broke or timed out), PROTOCOL (not QMP),
 * COMMAND (QEMU refused the command: the message is QEMU's "desc").
 */
#ifndef SABLECTL_QMP_H
#define SABLECTL_QMP_H

#include <glib.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#define SCTL_QMP_ERROR (sctl_qmp_error_quark())
GQuark sctl_qmp_error_quark(void);

typedef enum SctlQmpError {
    SCTL_QMP_ERROR_CONNECT,
    SCTL_QMP_ERROR_IO,
    SCTL_QMP_ERROR_PROTOCOL,
    SCTL_QMP_ERROR_COMMAND,
} SctlQmpError;

typedef struct SctlQmp SctlQmp;

/* Connect, read the greeting and negotiate capabilities. Replies wait at
 * most timeout_s seconds. */
SctlQmp *sctl_qmp_connect(const char *path, unsigned timeout_s, GError **err);
/* The same over an open stream (a reference is taken); `name` names it in
 * errors. */
SctlQmp *sctl_qmp_open(GIOStream *stream, const char *name, GError **err);
void sctl_qmp_free(SctlQmp *q);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SctlQmp, sctl_qmp_free)

/* Run `command` with `args` (an object, or NULL); returns a copy of the
 * "return" member. */
JsonNode *sctl_qmp_execute(SctlQmp *q, const char *command, JsonObject *args,
                           GError **err);

/* qom-get / qom-set on the device at QOM path `path`. */
JsonNode *sctl_qom_get(SctlQmp *q, const char *path, const char *property,
                       GError **err);
gboolean sctl_qom_set(SctlQmp *q, const char *path, const char *property,
                      JsonNode *value, GError **err);

#endif
