// Power loss for files written whole, as an LD_PRELOAD shim (Linux, glibc): what a process writes
// to a file whose name ends in $UNSYNCED_SUFFIX (default ".tmp") stays in this process's memory
// until it fsyncs or fdatasyncs that file; a normal exit writes what is still held. A SIGKILL then
// loses what a power cut loses of data never synced, while what the kernel has already applied to
// names (the file exists, a rename) stays: a temporary file renamed without its fsync comes back
// empty, as files do after a crash on ext4 (data=writeback), XFS or btrfs.
// The sibling of power-loss.c (SQLite's WAL): Node's libuv closes files with syscall(SYS_close),
// which no shim sees, so a file's bytes are held on a dup() of its descriptor, and a descriptor
// number reused for another file is told apart by its inode.
// Used by test/main/storage/durable-write.test.ts: cc -shared -fPIC -o unsynced.so unsynced-writes.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_HELD 256

struct held {
  int fd;     // the descriptor the process writes through (-1: closed or reused)
  int keep;   // a dup of it, to write the bytes on sync or at exit
  ino_t ino;
  dev_t dev;
  off_t pos;  // the offset write() continues at
  char *bytes;
  size_t size, capacity;
};

static struct held files[MAX_HELD];
static int count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *suffix = ".tmp";

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off_t);
static ssize_t (*real_pwritev64)(int, const struct iovec *, int, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

__attribute__((constructor)) static void init(void) {
  real_write = dlsym(RTLD_NEXT, "write");
  real_writev = dlsym(RTLD_NEXT, "writev");
  real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
  real_pwritev64 = dlsym(RTLD_NEXT, "pwritev64");
  real_fsync = dlsym(RTLD_NEXT, "fsync");
  real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
  const char *given = getenv("UNSYNCED_SUFFIX");
  if (given && *given) suffix = given;
}

static void flush(struct held *f) {
  size_t done = 0;
  while (done < f->size) {
    ssize_t n = real_pwrite64(f->keep, f->bytes + done, f->size - done, (off_t)done);
    if (n <= 0) abort();
    done += (size_t)n;
  }
  f->size = 0;
}

// A clean exit keeps what the kernel would have had; only a kill loses it.
__attribute__((destructor)) static void finish(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < count; i++) flush(&files[i]);
  pthread_mutex_unlock(&lock);
}

// The held file fd writes to now, made on its first write when its name matches; NULL otherwise.
static struct held *lookup(int fd, int create) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
  for (int i = 0; i < count; i++) {
    if (files[i].fd != fd) continue;
    if (files[i].ino == st.st_ino && files[i].dev == st.st_dev) return &files[i];
    files[i].fd = -1; // the number now names another file: the old one was closed
  }
  if (!create) return NULL;
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return NULL;
  path[n] = 0;
  size_t len = strlen(suffix);
  if ((size_t)n < len || strcmp(path + n - len, suffix) != 0 || count == MAX_HELD) return NULL;
  struct held *f = &files[count++];
  memset(f, 0, sizeof *f);
  f->fd = fd;
  f->keep = dup(fd);
  f->ino = st.st_ino;
  f->dev = st.st_dev;
  f->pos = lseek(fd, 0, SEEK_CUR);
  return f;
}

static void put(struct held *f, const void *data, size_t length, off_t at) {
  size_t end = (size_t)at + length;
  if (end > f->capacity) {
    size_t capacity = f->capacity ? f->capacity : 65536;
    while (capacity < end) capacity *= 2;
    f->bytes = realloc(f->bytes, capacity);
    memset(f->bytes + f->capacity, 0, capacity - f->capacity);
    f->capacity = capacity;
  }
  memcpy(f->bytes + at, data, length);
  if (end > f->size) f->size = end;
}

static size_t putv(struct held *f, const struct iovec *iov, int n, off_t at) {
  size_t total = 0;
  for (int i = 0; i < n; i++) {
    put(f, iov[i].iov_base, iov[i].iov_len, at + (off_t)total);
    total += iov[i].iov_len;
  }
  return total;
}

ssize_t write(int fd, const void *data, size_t length) {
  pthread_mutex_lock(&lock);
  struct held *f = lookup(fd, 1);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_write(fd, data, length);
  }
  put(f, data, length, f->pos);
  f->pos += (off_t)length;
  pthread_mutex_unlock(&lock);
  return (ssize_t)length;
}

ssize_t writev(int fd, const struct iovec *iov, int n) {
  pthread_mutex_lock(&lock);
  struct held *f = lookup(fd, 1);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_writev(fd, iov, n);
  }
  size_t total = putv(f, iov, n, f->pos);
  f->pos += (off_t)total;
  pthread_mutex_unlock(&lock);
  return (ssize_t)total;
}

ssize_t pwrite64(int fd, const void *data, size_t length, off_t at) {
  pthread_mutex_lock(&lock);
  struct held *f = lookup(fd, 1);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_pwrite64(fd, data, length, at);
  }
  put(f, data, length, at);
  pthread_mutex_unlock(&lock);
  return (ssize_t)length;
}
ssize_t pwrite(int fd, const void *data, size_t length, off_t at) { return pwrite64(fd, data, length, at); }

ssize_t pwritev64(int fd, const struct iovec *iov, int n, off_t at) {
  pthread_mutex_lock(&lock);
  struct held *f = lookup(fd, 1);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_pwritev64(fd, iov, n, at);
  }
  size_t total = putv(f, iov, n, at);
  pthread_mutex_unlock(&lock);
  return (ssize_t)total;
}
ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t at) { return pwritev64(fd, iov, n, at); }

static int sync_with(int fd, int (*real)(int)) {
  pthread_mutex_lock(&lock);
  struct held *f = lookup(fd, 0);
  if (f) flush(f);
  pthread_mutex_unlock(&lock);
  return real(fd);
}
int fsync(int fd) { return sync_with(fd, real_fsync); }
int fdatasync(int fd) { return sync_with(fd, real_fdatasync); }
