#ifndef STRATA_PROCESS_H
#define STRATA_PROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated) and this process's environment; its standard input,
/// output and error are `stdin_fd`, `stdout_fd` and `stderr_fd`, no other descriptor is inherited,
/// every signal is at its default. On Linux the child is killed (SIGKILL) when this process dies,
/// even by SIGKILL, so that no ffmpeg runs on after Strata. Returns the child's pid, or -1 with
/// `*error` set to the errno of the failed fork or exec (ENOENT, EACCES, …).
pid_t strata_spawn(const char *path, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd, int *error);

/// pipe2(fds, O_CLOEXEC): a pipe whose ends no child inherits unless placed on purpose.
int strata_pipe_cloexec(int fds[2]);

#endif
