/* SPDX-License-Identifier: GPL-2.0 */
/*
 * serve.h: the --serve mode of the test programs (tests/lib.sh: serve).
 *
 * On the debug kernel (KASAN, lockdep, kmemleak) under TCG an exec costs
 * most of a second, and a test script makes hundreds of calls.  With
 * "PROG --serve" a script starts the program once and sends it one call
 * per line instead.  Each call runs in a child forked for it, so it starts
 * from the server's fresh state and may change its own (drop capabilities,
 * open descriptors, exit) without touching the next call: a served call
 * behaves as the same command line run on its own.
 *
 * Request: the call's arguments, each one ended by US (0x1f), then a
 * newline.  Reply: the call's standard output, then RS (0x1e), its exit
 * status in decimal and a newline.  Its standard error is the server's.
 */
#ifndef PTP_TESTS_SERVE_H
#define PTP_TESTS_SERVE_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SERVE_MAX_ARGS 1024

static int serve_call(int (*entry)(int argc, char **argv), int argc, char **argv)
{
	int status, null;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 125;
	}
	if (pid == 0) {
		/* The requests come in on stdin: not for the call to read. */
		null = open("/dev/null", O_RDONLY);
		if (null < 0 || dup2(null, STDIN_FILENO) < 0)
			_exit(125);
		close(null);
		exit(entry(argc, argv));
	}
	if (waitpid(pid, &status, 0) != pid) {
		perror("waitpid");
		return 125;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Serve the calls on stdin until it ends; argv0 is each call's argv[0]. */
static int serve(int (*entry)(int argc, char **argv), char *argv0)
{
	char *line = NULL, *args[SERVE_MAX_ARGS + 2], *p, *end;
	size_t cap = 0;
	ssize_t len;
	int argc, rc;

	while ((len = getline(&line, &cap, stdin)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		argc = 0;
		args[argc++] = argv0;
		for (p = line; (end = strchr(p, '\x1f')); p = end + 1) {
			if (argc > SERVE_MAX_ARGS)
				break;
			*end = '\0';
			args[argc++] = p;
		}
		args[argc] = NULL;
		if (*p) {
			fprintf(stderr, "%s: a malformed request\n", argv0);
			rc = 2;
		} else {
			rc = serve_call(entry, argc, args);
		}
		printf("\x1e%d\n", rc);
		fflush(stdout);
	}
	free(line);
	return 0;
}

/* A test program's main: "PROG --serve" serves calls, else one call. */
static int serve_main(int argc, char **argv, int (*entry)(int argc, char **argv))
{
	if (argc == 2 && !strcmp(argv[1], "--serve"))
		return serve(entry, argv[0]);
	return entry(argc, argv);
}

#endif /* PTP_TESTS_SERVE_H */
