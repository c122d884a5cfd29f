// Starting a child that dies with Strata.
//
// Linux's PR_SET_PDEATHSIG fires when the *thread* that forked the child ends, not the process;
// Strata starts ffmpeg from whatever thread runs the sequence (a dispatch worker may be retired
// while ffmpeg still runs). So every fork happens on one thread of this file's own, started
// once and never ended: the child's "parent" then lives exactly as long as the process.
//
// Between fork and exec the child calls only async-signal-safe functions.
#define _GNU_SOURCE
#include "strata_process.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

struct spawn_request {
    const char *path;
    char *const *argv;
    int fds[3];
    pid_t pid;
    int error;
    int done;
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_changed = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t callers = PTHREAD_MUTEX_INITIALIZER;
static struct spawn_request *pending = NULL;
static pthread_once_t started = PTHREAD_ONCE_INIT;
static int thread_error = 0;

static void child_fail(int report, int error) {
    ssize_t ignored = write(report, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

/// In the child: the descriptors in place, signals at their defaults, then exec.
static void become(const struct spawn_request *request, pid_t parent, int report) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) child_fail(report, errno);
    // The parent may have died between fork and prctl.
    if (getppid() != parent) _exit(127);
#else
    (void)parent;
#endif
    // Move everything above the three standard numbers first, so that dup2 never overwrites a
    // descriptor still to be placed.
    int high[3];
    for (int i = 0; i < 3; i++) {
        high[i] = fcntl(request->fds[i], F_DUPFD_CLOEXEC, 10);
        if (high[i] < 0) child_fail(report, errno);
    }
    int moved_report = fcntl(report, F_DUPFD_CLOEXEC, 10);
    if (moved_report < 0) child_fail(report, errno);
    report = moved_report;
    for (int i = 0; i < 3; i++) {
        if (dup2(high[i], i) < 0) child_fail(report, errno);  // dup2 clears close-on-exec
    }
    for (int s = 1; s < NSIG; s++) {
        if (s == SIGKILL || s == SIGSTOP) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = SIG_DFL;
        sigaction(s, &action, NULL);  // fails harmlessly for the numbers glibc keeps
    }
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
    // Nothing else is inherited: every other descriptor is marked close-on-exec (report too,
    // which the kernel then closes, telling the parent that exec worked).
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 3, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */) != 0)
#endif
    {
        long limit = sysconf(_SC_OPEN_MAX);
        if (limit < 0 || limit > 65536) limit = 65536;
        for (int fd = 3; fd < limit; fd++) {
            int flags = fcntl(fd, F_GETFD);
            if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
        }
    }
    execve(request->path, request->argv, environ);
    child_fail(report, errno);
}

static void run_request(struct spawn_request *request) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        request->pid = -1;
        request->error = errno;
        return;
    }
    pid_t parent = getpid();
    // Signals stay blocked from fork until the child has reset their handlers.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) {
        close(report[0]);
        become(request, parent, report[1]);
    }
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        request->pid = -1;
        request->error = fork_error;
        return;
    }
    int child_error = 0;
    ssize_t got;
    do {
        got = read(report[0], &child_error, sizeof child_error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof child_error) {
        // exec failed: collect the child, report why.
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        request->pid = -1;
        request->error = child_error;
        return;
    }
    request->pid = pid;
    request->error = 0;
}

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&queue_lock);
    for (;;) {
        while (pending == NULL || pending->done) pthread_cond_wait(&queue_changed, &queue_lock);
        run_request(pending);
        pending->done = 1;
        pthread_cond_broadcast(&queue_changed);
    }
    return NULL;
}

static void start_spawner(void) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // The spawner blocks every signal: they go to the threads that handle them.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    thread_error = pthread_create(&thread, &attributes, spawner, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
}

pid_t strata_spawn(const char *path, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd, int *error) {
    pthread_once(&started, start_spawner);
    if (thread_error != 0) {
        *error = thread_error;
        return -1;
    }
    struct spawn_request request = {path, argv, {stdin_fd, stdout_fd, stderr_fd}, -1, 0, 0};
    pthread_mutex_lock(&callers);
    pthread_mutex_lock(&queue_lock);
    pending = &request;
    pthread_cond_broadcast(&queue_changed);
    while (!request.done) pthread_cond_wait(&queue_changed, &queue_lock);
    pending = NULL;
    pthread_mutex_unlock(&queue_lock);
    pthread_mutex_unlock(&callers);
    *error = request.error;
    return request.pid;
}

int strata_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
