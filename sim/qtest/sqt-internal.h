/* SPDX-License-Identifier: MIT */
/* libsableqtest internals shared by qemu-launch.c, qtest-proto.c, qmp.c. */
#ifndef SQT_INTERNAL_H
#define SQT_INTERNAL_H

#include <sys/types.h>
#include "sable-qtest.h"
#include "sable-qmp.h"

#define SQT_IRQ_LINES 256u

/* A line-buffered stream socket. */
typedef struct SqtConn {
    int fd;
    GString *in;
    const char *name;      /* "qtest", for messages */
} SqtConn;

struct SqtMachine {
    pid_t pid;
    char *tmpdir;          /* sockets, RAM file, default log */
    char *log_path;
    char *ctl_path;        /* a second QMP monitor, QEMU listening (tools) */
    bool own_log;          /* log lives in tmpdir */
    SqtConn qtest;
    SableQmp *qmp;         /* NULL until QEMU connected */
    void *ram;             /* shared mapping of guest RAM */
    uint64_t ram_size;
    void *vram;            /* shared mapping of VRAM (vram-memdev) */
    uint64_t vram_size;
    void *aperture;        /* shared mapping of BAR4 (aperture-memdev) */
    bool borrowed;         /* the mappings belong to another machine */
    int shared_fd[3];      /* migratable: RAM, VRAM, aperture files kept
                              open for a second QEMU; -1: none */
    bool irq_level[SQT_IRQ_LINES];
};

/* Read one line (without '\n'); fatal on EOF or error. Caller frees. */
char *sqt_conn_read_line(SqtMachine *m, SqtConn *c);
void sqt_conn_write(SqtMachine *m, SqtConn *c, const char *s, size_t len);
/* Set up the QMP session on QEMU's connection `fd` (taken: closed on
 * failure): greeting, capabilities. */
bool sqt_qmp_open(SqtMachine *m, int fd, GError **err);

#endif
