/* SPDX-License-Identifier: MIT */
/* The machine's QMP session on the shared client (sim/qmp): a broken
 * connection or a reply that is not QMP ends the process (sqt_fatal), a
 * command QEMU refuses is the caller's GError. */
#include <unistd.h>
#include <gio/gio.h>

#include "sqt-internal.h"

bool sqt_qmp_open(SqtMachine *m, int fd, GError **err)
{
    g_autoptr(GSocket) sock = g_socket_new_from_fd(fd, err);
    if (sock == NULL) {
        close(fd);
        return false;
    }
    g_autoptr(GSocketConnection) conn = g_socket_connection_factory_create_connection(sock);
    m->qmp = sable_qmp_open(G_IO_STREAM(conn), "QMP", err);
    return m->qmp != NULL;
}

/* After a failed command: a refused one is the caller's error, anything
 * else (connection, protocol) ends the process. */
static void refused(SqtMachine *m, GError *qerr, GError **err)
{
    if (!g_error_matches(qerr, SABLE_QMP_ERROR, SABLE_QMP_ERROR_COMMAND)) {
        sqt_fatal(m, "%s", qerr->message);
    }
    g_propagate_error(err, qerr);
}

char *sqt_qmp(SqtMachine *m, const char *json_command, GError **err)
{
    GError *qerr = NULL;
    g_autoptr(JsonNode) r = sable_qmp_execute_json(m->qmp, json_command, &qerr);
    if (r == NULL) {
        refused(m, qerr, err);
        return NULL;
    }
    return json_to_string(r, FALSE);
}

bool sqt_qom_set_str(SqtMachine *m, const char *path, const char *property,
                     const char *value, GError **err)
{
    GError *qerr = NULL;
    JsonNode *v = json_node_init_string(json_node_alloc(), value);
    if (!sable_qom_set(m->qmp, path, property, v, &qerr)) {
        refused(m, qerr, err);
        return false;
    }
    return true;
}
