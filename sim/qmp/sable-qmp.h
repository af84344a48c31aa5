/* SPDX-License-Identifier: MIT */
/*
 * The QMP client of sablectl, libsableqtest and the tests: one connection
 * to a QEMU monitor (a unix socket we connect to, or any open stream), one
 * command at a time, events skipped, every reply parsed with json-glib.
 * Replies are hostile input: junk, a missing member or a closed connection
 * is an error, never a crash. Every failure is a GError in SABLE_QMP_ERROR:
 * CONNECT (no socket, nobody listening), IO (the connection broke or timed
 * out), PROTOCOL (not QMP), COMMAND (QEMU refused the command: the message
 * is QEMU's "desc"). Only COMMAND leaves the session usable.
 */
#ifndef SABLE_QMP_H
#define SABLE_QMP_H

#include <glib.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#define SABLE_QMP_ERROR (sable_qmp_error_quark())
GQuark sable_qmp_error_quark(void);

typedef enum SableQmpError {
    SABLE_QMP_ERROR_CONNECT,
    SABLE_QMP_ERROR_IO,
    SABLE_QMP_ERROR_PROTOCOL,
    SABLE_QMP_ERROR_COMMAND,
} SableQmpError;

typedef struct SableQmp SableQmp;

/* Connect, read the greeting and negotiate capabilities. Replies wait at
 * most timeout_s seconds (0: no limit). */
SableQmp *sable_qmp_connect(const char *path, unsigned timeout_s, GError **err);
/* The same over an open stream (a reference is taken; its own timeouts
 * apply); `name` names it in errors. */
SableQmp *sable_qmp_open(GIOStream *stream, const char *name, GError **err);
void sable_qmp_free(SableQmp *q);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SableQmp, sable_qmp_free)

/* Run `command` with `args` (an object, or NULL); returns a copy of the
 * "return" member. */
JsonNode *sable_qmp_execute(SableQmp *q, const char *command, JsonObject *args,
                           GError **err);
/* The same for a command already serialised as one JSON object
 * ({"execute": ..., "arguments": ...}, no line break). */
JsonNode *sable_qmp_execute_json(SableQmp *q, const char *json_command, GError **err);

/* qom-get / qom-set on the device at QOM path `path`. */
JsonNode *sable_qom_get(SableQmp *q, const char *path, const char *property,
                       GError **err);
gboolean sable_qom_set(SableQmp *q, const char *path, const char *property,
                      JsonNode *value, GError **err);

#endif /* SABLE_QMP_H */
