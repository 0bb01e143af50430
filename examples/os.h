/* os.h - what the wm program needs of its OS, in one place: POSIX, or
   Windows (Win32 and Winsock; MinGW-w64 or MSVC). examples/wm.c and
   examples/serve.c include it after the C headers and call POSIX names;
   on Windows those take UTF-8 paths (the command line is converted to
   UTF-8 by os_args) and open them as UTF-16, signals come from the console
   handler (Ctrl-C, Ctrl-Break, closing the window), sockets from Winsock
   with WSAPoll. */
#ifndef WM_OS_H
#define WM_OS_H
#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>
#include <shellapi.h>
#include <direct.h>
#include <fcntl.h>
#include <io.h>
#include <process.h>
#include <signal.h>
#include <sys/stat.h>
#ifdef _MSC_VER
typedef ptrdiff_t ssize_t;
#define strncasecmp _strnicmp
#define strdup _strdup
#endif
#ifndef S_ISDIR
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#endif
#define MSG_NOSIGNAL 0
#define SIGHUP SIGBREAK
typedef unsigned long nfds_t;

/* a UTF-8 string as UTF-16 into w[1024] (0: not UTF-8, or too long) */
static inline int os_wide(const char *s, wchar_t *w) { return MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, 1024) > 0 ? 1 : (errno = ENOENT, 0); }

static inline FILE *os_fopen(const char *path, const char *mode) {
    wchar_t w[1024], m[8];
    int i;
    for (i = 0; i < 7 && mode[i]; i++) m[i] = (wchar_t)mode[i];
    m[i] = 0;
    return os_wide(path, w) ? _wfopen(w, m) : NULL;
}
#undef stat /* (MinGW's names _stat64 with _FILE_OFFSET_BITS 64) */
static inline int os_stat(const char *path, struct stat *st) {
    wchar_t w[1024];
    struct _stat64 s;
    if (!os_wide(path, w) || _wstat64(w, &s) != 0) return -1;
    memset(st, 0, sizeof *st);
    st->st_mode = s.st_mode;
    st->st_size = (_off_t)s.st_size;
    return 0;
}
static inline int os_mkdir(const char *path) { wchar_t w[1024]; return os_wide(path, w) ? _wmkdir(w) : -1; }
static inline int os_unlink(const char *path) { wchar_t w[1024]; return os_wide(path, w) ? _wunlink(w) : -1; }
static inline int os_exists(const char *path) { wchar_t w[1024]; return os_wide(path, w) && GetFileAttributesW(w) != INVALID_FILE_ATTRIBUTES; }
#define fopen(p, m) os_fopen(p, m)
#define stat(p, st) os_stat(p, st) /* (struct stat stays the CRT's) */
#define mkdir(p, mode) os_mkdir(p)
#define unlink(p) os_unlink(p)

/* a directory's entries other than . and ..: 0 none, 1 some, -1 it cannot be listed (errno) */
static inline int os_dir_entries(const char *path) {
    wchar_t w[1024 + 2];
    WIN32_FIND_DATAW fd;
    HANDLE h;
    int any = 0;
    if (!os_wide(path, w)) return -1;
    wcscat(w, L"\\*");
    if ((h = FindFirstFileW(w, &fd)) == INVALID_HANDLE_VALUE) {
        errno = GetLastError() == ERROR_DIRECTORY || GetLastError() == ERROR_PATH_NOT_FOUND || GetLastError() == ERROR_FILE_NOT_FOUND ? ENOENT : EACCES;
        return -1;
    }
    do any |= wcscmp(fd.cFileName, L".") && wcscmp(fd.cFileName, L"..");
    while (FindNextFileW(h, &fd));
    FindClose(h);
    return any;
}

/* a device's name (CON, NUL, COM1.txt, ...): Windows opens the device, not a file */
static inline int os_device_name(const char *n) {
    static const char *const dev[] = {"CON", "PRN", "AUX", "NUL", "COM", "LPT"};
    size_t k, len = strcspn(n, ".");
    for (k = 0; k < 6; k++)
        if (!_strnicmp(n, dev[k], 3) && (k < 4 ? len == 3 : len == 4 && n[3] >= '1' && n[3] <= '9')) return 1;
    return 0;
}

/* the command line as UTF-8; the standard streams binary (the bytes generated, no \r added), the console in UTF-8 */
static inline char **os_args(int *argc, char **argv) {
    int n = 0, i;
    wchar_t **w = CommandLineToArgvW(GetCommandLineW(), &n);
    char **u = w ? (char **)calloc((size_t)n + 1, sizeof(char *)) : NULL;
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    SetConsoleOutputCP(CP_UTF8);
    SetConsoleCP(CP_UTF8);
    for (i = 0; u && i < n; i++) {
        int k = WideCharToMultiByte(CP_UTF8, 0, w[i], -1, NULL, 0, NULL, NULL);
        if (k <= 0 || !(u[i] = (char *)malloc((size_t)k)) || !WideCharToMultiByte(CP_UTF8, 0, w[i], -1, u[i], k, NULL, NULL)) return argv;
    }
    if (!u) return argv;
    *argc = n;
    return u;
}

/* getline (a \r before the \n dropped: a console line ends in both) */
static inline ssize_t os_getline(char **line, size_t *cap, FILE *f) {
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            char *p = (char *)realloc(*line, *cap = n + 2 + *cap * 2);
            if (!p) return -1;
            *line = p;
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (!n) return -1;
    if (n >= 2 && (*line)[n - 1] == '\n' && (*line)[n - 2] == '\r') (*line)[--n - 1] = '\n';
    (*line)[n] = 0;
    return (ssize_t)n;
}
#define getline(l, c, f) os_getline(l, c, f)

/* sigaction through the console handler: Ctrl-C is SIGINT, Ctrl-Break
   SIGHUP, closing the window or logging off SIGTERM (each handler runs on
   a thread of the system's, as POSIX handlers run between instructions);
   nothing to mask, so sigprocmask does nothing */
typedef int os_sigset;
struct sigaction { void (*sa_handler)(int); os_sigset sa_mask; int sa_flags; };
#define sigset_t os_sigset
#define sigemptyset(s) (*(s) = 0)
#define sigaddset(s, n) (*(s) |= 1 << ((n) & 31))
#define SIG_BLOCK 0
#define SIG_SETMASK 2
static inline int sigprocmask(int how, const os_sigset *s, os_sigset *old) { (void)how, (void)s, (void)old; return 0; }
static void (*os_handlers[3])(int); /* SIGINT, SIGHUP, SIGTERM */

static inline int os_sig_slot(int sig) { return sig == SIGINT ? 0 : sig == SIGHUP ? 1 : 2; }
static inline BOOL WINAPI os_console(DWORD ev) {
    int sig = ev == CTRL_C_EVENT ? SIGINT : ev == CTRL_BREAK_EVENT ? SIGHUP : SIGTERM;
    void (*h)(int) = os_handlers[os_sig_slot(sig)];
    if (!h || h == SIG_DFL) return FALSE; /* the default: the process ends */
    if (h != SIG_IGN) h(sig);
    return TRUE;
}
static inline int os_sigaction(int sig, const struct sigaction *sa, struct sigaction *old) {
    static int installed;
    if (sig != SIGINT && sig != SIGHUP && sig != SIGTERM) return -1;
    if (old) memset(old, 0, sizeof *old), old->sa_handler = os_handlers[os_sig_slot(sig)] ? os_handlers[os_sig_slot(sig)] : SIG_DFL;
    if (sa) os_handlers[os_sig_slot(sig)] = sa->sa_handler;
    if (sa && !installed) installed = SetConsoleCtrlHandler(os_console, TRUE);
    return 0;
}
#define sigaction(sig, sa, old) os_sigaction(sig, sa, old) /* (a macro: C++ keeps struct sigaction's name apart) */

/* seconds: a monotonic clock; the wall clock's nanoseconds (a seed) */
static inline double os_now(void) { LARGE_INTEGER c, f; QueryPerformanceCounter(&c); QueryPerformanceFrequency(&f); return (double)c.QuadPart / (double)f.QuadPart; }
static inline unsigned long long os_wall_ns(void) { FILETIME t; GetSystemTimeAsFileTime(&t); return ((unsigned long long)t.dwHighDateTime << 32 | t.dwLowDateTime) * 100; }
static inline unsigned long long os_pid(void) { return (unsigned long long)GetCurrentProcessId(); }
static inline int os_cores(void) { SYSTEM_INFO si; GetSystemInfo(&si); return (int)si.dwNumberOfProcessors; }
static inline int os_huge_read_pays(const char *path) { (void)path; return 0; } /* (no huge pages for a read file) */

#else
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static inline char **os_args(int *argc, char **argv) { (void)argc; return argv; }
static inline int os_device_name(const char *n) { (void)n; return 0; }
static inline int os_exists(const char *path) { return access(path, F_OK) == 0; }

/* 0 none, 1 some, -1 it cannot be listed (errno) */
static inline int os_dir_entries(const char *path) {
    DIR *d = opendir(path);
    struct dirent *ent;
    int any = 0, e;
    if (!d) return -1;
    errno = 0;
    while ((ent = readdir(d)) != NULL) any |= strcmp(ent->d_name, ".") && strcmp(ent->d_name, "..");
    e = errno; /* NULL is the end, or an error: then it is not known to be empty */
    closedir(d);
    errno = e;
    return e ? -1 : any;
}

static inline double os_now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec; }
static inline unsigned long long os_wall_ns(void) { struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts); return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec; }
static inline unsigned long long os_pid(void) { return (unsigned long long)getpid(); }
static inline int os_cores(void) { long n = sysconf(_SC_NPROCESSORS_ONLN); return n < 1 ? 1 : (int)n; }
/* 1: Linux gives transparent huge pages where asked (enabled: always or madvise) and the model's weight file (path, or
   path/model.safetensors) is under half the RAM: read into memory, decode's weight stream misses the TLB far less */
static inline int os_huge_read_pays(const char *path) {
#ifdef __linux__
    char b[4096] = "", *on;
    struct stat st;
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    if (!f) return 0;
    on = fgets(b, sizeof b, f);
    fclose(f);
    if (!on || strstr(b, "[never]") || stat(path, &st) != 0) return 0;
    if (S_ISDIR(st.st_mode) && (snprintf(b, sizeof b, "%s/model.safetensors", path) >= (int)sizeof b || stat(b, &st) != 0)) return 0;
    return pages > 0 && psz > 0 && (double)st.st_size <= 0.5 * (double)pages * (double)psz;
#else
    (void)path;
    return 0;
#endif
}
#endif

/* sockets (examples/serve.c defines WM_OS_NET): an int fd on both (a SOCKET's value fits) */
#ifdef WM_OS_NET
#ifdef _WIN32
static inline int os_net_start(void) { WSADATA d; return WSAStartup(MAKEWORD(2, 2), &d) == 0; }
static inline int sock_close(int fd) { return closesocket((SOCKET)fd); }
static inline int sock_nonblock(int fd) { u_long one = 1; return ioctlsocket((SOCKET)fd, FIONBIO, &one); }
static inline int sock_again(void) { int e = WSAGetLastError(); return e == WSAEWOULDBLOCK || e == WSAEINTR; }
static inline const char *sock_error(void) { static char b[32]; snprintf(b, sizeof b, "Winsock error %d", WSAGetLastError()); return b; }
#define sock_recv(fd, p, n) recv((SOCKET)(fd), (char *)(p), (int)(n), 0)
#define sock_send(fd, p, n) send((SOCKET)(fd), (const char *)(p), (int)(n), 0)
static inline int os_poll(struct pollfd *pf, nfds_t n, int ms) { /* (WSAPoll refuses an empty set) */
    if (!n) { Sleep((DWORD)ms); return 0; }
    return WSAPoll(pf, n, ms);
}
/* pages of their own (a freed blob goes back to the system) */
static inline void *os_pages(size_t n) { return VirtualAlloc(NULL, n, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE); }
static inline void os_pages_free(void *p, size_t n) { (void)n; VirtualFree(p, 0, MEM_RELEASE); }
#else
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
static inline int os_net_start(void) { signal(SIGPIPE, SIG_IGN); return 1; } /* (a closed peer: send's error, not a signal) */
static inline int sock_close(int fd) { return close(fd); }
static inline int sock_nonblock(int fd) { return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }
static inline int sock_again(void) { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR; }
static inline const char *sock_error(void) { return strerror(errno); }
#define sock_recv(fd, p, n) recv(fd, p, n, 0)
#define sock_send(fd, p, n) send(fd, p, n, MSG_NOSIGNAL)
static inline int os_poll(struct pollfd *pf, nfds_t n, int ms) { return poll(pf, n, ms); }
static inline void *os_pages(size_t n) { void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); return p == MAP_FAILED ? NULL : p; }
static inline void os_pages_free(void *p, size_t n) { munmap(p, n); }
#endif
#endif
#endif
