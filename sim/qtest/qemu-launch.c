/* SPDX-License-Identifier: MIT */
/* Start QEMU with the sable-gpu device under the qtest accelerator, share
 * its guest RAM, connect the qtest and QMP sockets, and tear it all down. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sqt-internal.h"

#define CONNECT_FAILSAFE_MS 60000 /* QEMU start-up, not a test timeout */
#define LOG_TAIL_LINES 30

G_DEFINE_QUARK(sable-qtest-error-quark, sqt_error)

const char *sqt_default_qemu(void)
{
    const char *env = g_getenv("SABLE_QEMU");
    return env && *env ? env : SQT_QEMU_BINARY;
}

const char *sqt_default_firmware_dir(void)
{
    const char *env = g_getenv("SABLE_SEABIOS");
    return env && *env ? env : SQT_SEABIOS_DIR;
}

const char *sqt_machine_log_path(const SqtMachine *m)
{
    return m->log_path;
}

const char *sqt_machine_control_socket(const SqtMachine *m)
{
    return m->ctl_path;
}

static void print_log_lines(const char *path, guint max_lines)
{
    g_autofree char *text = NULL;
    if (!path || !g_file_get_contents(path, &text, NULL, NULL)) {
        return;
    }
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint n = g_strv_length(lines);
    guint first = n > max_lines ? n - max_lines : 0;
    fprintf(stderr, "---- QEMU log %s (last lines) ----\n", path);
    for (guint i = first; i < n; i++) {
        fprintf(stderr, "%s\n", lines[i]);
    }
    fprintf(stderr, "---- end of QEMU log ----\n");
}

static void print_log_tail(const char *path)
{
    print_log_lines(path, LOG_TAIL_LINES);
}

/* True if QEMU's log holds a sanitizer report (ASan, LSan, UBSan): the
 * sanitizer QEMU prints them on stderr, also at exit. */
static bool log_has_sanitizer_report(const char *path)
{
    g_autofree char *text = NULL;
    return path && g_file_get_contents(path, &text, NULL, NULL) &&
           (strstr(text, "Sanitizer") || strstr(text, "runtime error:"));
}

void sqt_fatal(SqtMachine *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "sable-qtest: fatal: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (m) {
        print_log_tail(m->log_path);
        if (m->pid > 0) {
            kill(m->pid, SIGKILL);
        }
    }
    exit(1);
}

static int listen_unix(const char *path, GError **err)
{
    struct sockaddr_un sa = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof(sa.sun_path)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_NAMETOOLONG,
                    "socket path too long: %s", path);
        return -1;
    }
    strcpy(sa.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
        listen(fd, 1) < 0) {
        g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot listen on %s: %s", path, g_strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return -1;
    }
    return fd;
}

/* Accept QEMU's connection, noticing if QEMU exits first. */
static int accept_qemu(SqtMachine *m, int lfd, const char *what, GError **err)
{
    struct pollfd pfd = { .fd = lfd, .events = POLLIN };
    for (int waited = 0; waited < CONNECT_FAILSAFE_MS; waited += 100) {
        int status;
        if (waitpid(m->pid, &status, WNOHANG) == m->pid) {
            m->pid = 0;
            g_set_error(err, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                        "QEMU exited (status %d) before connecting %s; "
                        "see %s", status, what, m->log_path);
            return -1;
        }
        if (poll(&pfd, 1, 100) == 1) {
            int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
            if (fd < 0) {
                g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(errno),
                            "accepting QEMU's %s connection: %s", what,
                            g_strerror(errno));
            }
            return fd;
        }
    }
    g_set_error(err, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                "QEMU did not connect %s within %d ms; see %s", what,
                CONNECT_FAILSAFE_MS, m->log_path);
    return -1;
}

/* Create a file of size bytes and map it shared into this process; keep
 * its descriptor in *keep_fd if not NULL. */
static bool map_shared_file(const char *path, uint64_t size, void **out,
                            int *keep_fd, GError **err)
{
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
        g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot create %s: %s", path, g_strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return false;
    }
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (keep_fd) {
        *keep_fd = fd;
    } else {
        close(fd);
    }
    if (p == MAP_FAILED) {
        g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot map %s: %s", path, g_strerror(errno));
        return false;
    }
    *out = p;
    return true;
}

/* Backing files live in /dev/shm when available (no disk writeback). */
static char *shared_file_path(const SqtMachine *m, const char *what)
{
    if (g_file_test("/dev/shm", G_FILE_TEST_IS_DIR) && access("/dev/shm", W_OK) == 0) {
        return g_strdup_printf("/dev/shm/sable-qtest-%s-%d-%s", what, (int)getpid(),
                               strrchr(m->tmpdir, '-') + 1);
    }
    return g_build_filename(m->tmpdir, what, NULL);
}

/* Backing files shared with QEMU: guest RAM, VRAM (BAR2), aperture (BAR4). */
typedef struct SharedPaths {
    char *ram, *vram, *aperture;
} SharedPaths;

static GPtrArray *qemu_argv(const SqtOptions *opt, const SqtMachine *m,
                            const SharedPaths *paths)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) wrapper = g_strsplit(opt->wrapper ? opt->wrapper : "", " ", -1);
    for (char **w = wrapper; *w; w++) {
        if (**w) {
            g_ptr_array_add(a, g_strdup(*w));
        }
    }
    g_autofree char *gart = opt->gart_entries
        ? g_strdup_printf(",gart-entries=%u", opt->gart_entries) : g_strdup("");
    g_auto(GStrv) inj_parts = g_strsplit(opt->inject ? opt->inject : "", ",", -1);
    g_autofree char *inj_value = g_strjoinv(",,", inj_parts);
    g_autofree char *inject = opt->inject ? g_strconcat(",inject=", inj_value, NULL)
                                          : g_strdup("");
    const char *args[] = {
        opt->qemu ? opt->qemu : sqt_default_qemu(),
        "-machine", "q35,memory-backend=ram0",
        "-accel", opt->run_firmware ? "tcg" : "qtest", "-qtest-log", "/dev/null",
        "-display", "none", "-nodefaults",
        "-L", opt->firmware_dir ? opt->firmware_dir : sqt_default_firmware_dir(),
    };
    for (size_t i = 0; i < G_N_ELEMENTS(args); i++) {
        g_ptr_array_add(a, g_strdup(args[i]));
    }
    g_ptr_array_add(a, g_strdup("-object"));
    g_ptr_array_add(a, g_strdup_printf(
        "memory-backend-file,id=ram0,size=%" G_GUINT64_FORMAT ",mem-path=%s,share=on",
        m->ram_size, paths->ram));
    g_ptr_array_add(a, g_strdup("-object"));
    g_ptr_array_add(a, g_strdup_printf(
        "memory-backend-file,id=vram0,size=%" G_GUINT64_FORMAT ",mem-path=%s,share=on",
        m->vram_size, paths->vram));
    g_ptr_array_add(a, g_strdup("-object"));
    g_ptr_array_add(a, g_strdup_printf(
        "memory-backend-file,id=aperture0,size=%u,mem-path=%s,share=on",
        SABLE_APERTURE_SIZE, paths->aperture));
    g_ptr_array_add(a, g_strdup("-qtest"));
    g_ptr_array_add(a, g_strdup_printf("unix:%s/qtest.sock", m->tmpdir));
    g_ptr_array_add(a, g_strdup("-qmp"));
    g_ptr_array_add(a, g_strdup_printf("unix:%s/qmp.sock", m->tmpdir));
    g_ptr_array_add(a, g_strdup("-qmp"));
    g_ptr_array_add(a, g_strdup_printf("unix:%s,server=on,wait=off", m->ctl_path));
    if (opt->log_guest_errors) {
        g_ptr_array_add(a, g_strdup("-d"));
        g_ptr_array_add(a, g_strdup("guest_errors"));
    }
    if (opt->incoming) {
        g_ptr_array_add(a, g_strdup("-incoming"));
        g_ptr_array_add(a, g_strdup(opt->incoming));
    }
    g_autofree char *boot = opt->boot_display
        ? g_strconcat(",boot-display=", opt->boot_display, NULL) : g_strdup("");
    g_ptr_array_add(a, g_strdup("-device"));
    g_ptr_array_add(a, g_strdup_printf(
        "sable-gpu,id=" SQT_DEVICE_ID ",vram-size=%" G_GUINT64_FORMAT
        ",vram-memdev=vram0,aperture-memdev=aperture0,debug=%s%s%s%s%s%s", m->vram_size,
        opt->debug ? "on" : "off", gart, inject, opt->enable_3d ? ",3d=on" : "", boot,
        opt->display_dirty ? "" : ",x-display-dirty=off"));
    g_ptr_array_add(a, NULL);
    return a;
}

static bool spawn_qemu(SqtMachine *m, GPtrArray *argv, GError **err)
{
    int logfd = open(m->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (logfd < 0) {
        g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot create QEMU log %s: %s", m->log_path, g_strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int devnull = open("/dev/null", O_RDONLY);
        dup2(devnull, 0);
        dup2(logfd, 1);
        dup2(logfd, 2);
        execvp(argv->pdata[0], (char **)argv->pdata);
        fprintf(stderr, "exec %s: %s\n", (char *)argv->pdata[0], strerror(errno));
        _exit(127);
    }
    close(logfd);
    if (pid < 0) {
        g_set_error(err, G_SPAWN_ERROR, G_SPAWN_ERROR_FORK, "fork: %s",
                    g_strerror(errno));
        return false;
    }
    m->pid = pid;
    return true;
}

static bool connect_sockets(SqtMachine *m, const SqtOptions *opt,
                            const SharedPaths *paths, GError **err)
{
    g_autofree char *qpath = g_build_filename(m->tmpdir, "qtest.sock", NULL);
    g_autofree char *mpath = g_build_filename(m->tmpdir, "qmp.sock", NULL);
    int qlfd = listen_unix(qpath, err);
    int mlfd = qlfd < 0 ? -1 : listen_unix(mpath, err);
    bool ok = false;
    int qmp_fd = -1;
    if (mlfd >= 0) {
        g_autoptr(GPtrArray) argv = qemu_argv(opt, m, paths);
        ok = spawn_qemu(m, argv, err) &&
             (m->qtest.fd = accept_qemu(m, qlfd, "qtest", err)) >= 0 &&
             (qmp_fd = accept_qemu(m, mlfd, "QMP", err)) >= 0 &&
             sqt_qmp_open(m, qmp_fd, err);
    }
    if (qlfd >= 0) {
        close(qlfd);
    }
    if (mlfd >= 0) {
        close(mlfd);
    }
    unlink(qpath);
    unlink(mpath);
    return ok;
}

static void free_paths(SharedPaths *p)
{
    g_free(p->ram);
    g_free(p->vram);
    g_free(p->aperture);
}

/* Create and map this machine's backing files; keep their descriptors if
 * migratable (a second QEMU opens them through /proc, see share_memory). */
static bool create_memory(SqtMachine *m, bool migratable, SharedPaths *paths,
                          GError **err)
{
    *paths = (SharedPaths) { shared_file_path(m, "ram"),
                             shared_file_path(m, "vram"),
                             shared_file_path(m, "aperture") };
    return map_shared_file(paths->ram, m->ram_size, &m->ram,
                           migratable ? &m->shared_fd[0] : NULL, err) &&
           map_shared_file(paths->vram, m->vram_size, &m->vram,
                           migratable ? &m->shared_fd[1] : NULL, err) &&
           map_shared_file(paths->aperture, SABLE_APERTURE_SIZE, &m->aperture,
                           migratable ? &m->shared_fd[2] : NULL, err);
}

/* Use another machine's files (by descriptor) and mappings. */
static bool share_memory(SqtMachine *m, const SqtMachine *from,
                         SharedPaths *paths, GError **err)
{
    if (from->shared_fd[2] < 0 || from->ram_size != m->ram_size ||
        from->vram_size != m->vram_size) {
        g_set_error(err, SQT_ERROR, 0, "share_from: the machine is not "
                    "migratable or its RAM/VRAM sizes differ");
        return false;
    }
    int pid = (int)getpid();
    *paths = (SharedPaths) {
        g_strdup_printf("/proc/%d/fd/%d", pid, from->shared_fd[0]),
        g_strdup_printf("/proc/%d/fd/%d", pid, from->shared_fd[1]),
        g_strdup_printf("/proc/%d/fd/%d", pid, from->shared_fd[2]),
    };
    m->ram = from->ram;
    m->vram = from->vram;
    m->aperture = from->aperture;
    m->borrowed = true;
    return true;
}

void sqt_machine_take_memory(SqtMachine *to, SqtMachine *from)
{
    g_assert(to->borrowed && to->ram == from->ram);
    to->borrowed = false;
    from->borrowed = true;
    for (unsigned i = 0; i < G_N_ELEMENTS(to->shared_fd); i++) {
        to->shared_fd[i] = from->shared_fd[i];
        from->shared_fd[i] = -1;
    }
}

SqtMachine *sqt_machine_start(const SqtOptions *opt, GError **err)
{
    SqtMachine *m = g_new0(SqtMachine, 1);
    m->qtest = (SqtConn){ .fd = -1, .in = g_string_new(NULL), .name = "qtest" };
    m->shared_fd[0] = m->shared_fd[1] = m->shared_fd[2] = -1;
    m->ram_size = opt->ram_size ? opt->ram_size : SQT_DEFAULT_RAM_SIZE;
    m->vram_size = opt->vram_size ? opt->vram_size : SQT_DEFAULT_VRAM_SIZE;
    m->tmpdir = g_dir_make_tmp("sable-qtest-XXXXXX", err);
    if (!m->tmpdir) {
        sqt_machine_stop(m);
        return NULL;
    }
    m->ctl_path = g_build_filename(m->tmpdir, "control.sock", NULL);
    m->own_log = opt->log_path == NULL;
    m->log_path = m->own_log ? g_build_filename(m->tmpdir, "qemu.log", NULL)
                             : g_strdup(opt->log_path);
    SharedPaths paths = { 0 };
    bool ok = (opt->share_from ? share_memory(m, opt->share_from, &paths, err)
                               : create_memory(m, opt->migratable, &paths, err)) &&
              connect_sockets(m, opt, &paths, err);
    if (!opt->share_from) {
        unlink(paths.ram); /* QEMU and we keep them mapped (and open) */
        unlink(paths.vram);
        unlink(paths.aperture);
    }
    free_paths(&paths);
    if (!ok) {
        print_log_tail(m->log_path);
        sqt_machine_stop(m);
        return NULL;
    }
    return m;
}

static void close_conn(SqtConn *c)
{
    if (c->fd >= 0) {
        close(c->fd);
    }
    g_string_free(c->in, TRUE);
}

int sqt_machine_wait_exit(SqtMachine *m)
{
    int status = 0;
    g_assert(m->pid > 0);
    while (waitpid(m->pid, &status, 0) < 0 && errno == EINTR) {
    }
    m->pid = 0;
    return status;
}

void sqt_machine_stop(SqtMachine *m)
{
    bool report = false;
    if (m->pid > 0) {
        kill(m->pid, SIGTERM);
        waitpid(m->pid, NULL, 0);
        report = log_has_sanitizer_report(m->log_path);
        if (report) {
            print_log_lines(m->log_path, G_MAXUINT);
        }
    }
    close_conn(&m->qtest);
    g_clear_pointer(&m->qmp, sable_qmp_free);
    if (m->ram && !m->borrowed) {
        munmap(m->ram, m->ram_size);
    }
    if (m->vram && !m->borrowed) {
        munmap(m->vram, m->vram_size);
    }
    if (m->aperture && !m->borrowed) {
        munmap(m->aperture, SABLE_APERTURE_SIZE);
    }
    for (unsigned i = 0; i < G_N_ELEMENTS(m->shared_fd); i++) {
        if (m->shared_fd[i] >= 0) {
            close(m->shared_fd[i]);
        }
    }
    if (m->tmpdir) {
        if (m->own_log) {
            unlink(m->log_path);
        }
        unlink(m->ctl_path);
        rmdir(m->tmpdir);
    }
    g_free(m->ctl_path);
    g_free(m->log_path);
    g_free(m->tmpdir);
    g_free(m);
    if (report) {
        fprintf(stderr, "sable-qtest: QEMU reported a sanitizer error\n");
        exit(1);
    }
}

char *sqt_device_help(const char *qemu, GError **err)
{
    const char *argv[] = { qemu ? qemu : sqt_default_qemu(), "-device", "help", NULL };
    char *out = NULL, *errout = NULL;
    int status;
    if (!g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                      &out, &errout, &status, err)) {
        return NULL;
    }
    char *all = g_strconcat(out, errout, NULL);
    g_free(out);
    g_free(errout);
    if (!g_spawn_check_wait_status(status, err)) {
        g_free(all);
        return NULL;
    }
    return all;
}
