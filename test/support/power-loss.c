// Power loss for a SQLite WAL file, as an LD_PRELOAD shim (Linux, glibc): what a process writes to
// a file whose name ends in "-wal" stays in this process's memory until it fsyncs or fdatasyncs
// that file. A SIGKILL then loses exactly what a power loss would lose from the WAL: every write
// not yet synced. (A killed process alone loses nothing: the kernel already holds its writes.)
// Used by test/main/sandbox/durability.test.ts: cc -shared -fPIC -o power-loss.so power-loss.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 4096

struct shadow {
  int state; // 0 unknown, 1 not a WAL, 2 a WAL held in memory
  char *bytes;
  size_t size, capacity;
  int dirty;
};

static struct shadow files[MAX_FD];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static ssize_t (*real_pread64)(int, void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_ftruncate64)(int, off_t);
static int (*real_close)(int);

__attribute__((constructor)) static void init(void) {
  real_pread64 = dlsym(RTLD_NEXT, "pread64");
  real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
  real_fsync = dlsym(RTLD_NEXT, "fsync");
  real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
  real_ftruncate64 = dlsym(RTLD_NEXT, "ftruncate64");
  real_close = dlsym(RTLD_NEXT, "close");
}

static void reserve(struct shadow *f, size_t size) {
  if (size <= f->capacity) return;
  size_t capacity = f->capacity ? f->capacity : 65536;
  while (capacity < size) capacity *= 2;
  f->bytes = realloc(f->bytes, capacity);
  memset(f->bytes + f->capacity, 0, capacity - f->capacity);
  f->capacity = capacity;
}

// The shadow of fd when it is a WAL file (loaded from the file the first time), else NULL.
static struct shadow *wal(int fd) {
  if (fd < 0 || fd >= MAX_FD) return NULL;
  struct shadow *f = &files[fd];
  if (f->state == 0) {
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    path[n > 0 ? n : 0] = 0;
    f->state = n > 4 && strcmp(path + n - 4, "-wal") == 0 ? 2 : 1;
    if (f->state == 2) {
      f->size = 0;
      for (;;) {
        reserve(f, f->size + 65536);
        ssize_t got = real_pread64(fd, f->bytes + f->size, 65536, (off_t)f->size);
        if (got <= 0) break;
        f->size += (size_t)got;
      }
    }
  }
  return f->state == 2 ? f : NULL;
}

static void flush(int fd, struct shadow *f) {
  if (!f->dirty) return;
  real_ftruncate64(fd, (off_t)f->size);
  size_t done = 0;
  while (done < f->size) {
    ssize_t n = real_pwrite64(fd, f->bytes + done, f->size - done, (off_t)done);
    if (n <= 0) abort();
    done += (size_t)n;
  }
  f->dirty = 0;
}

ssize_t pread64(int fd, void *buffer, size_t count, off_t offset) {
  pthread_mutex_lock(&lock);
  struct shadow *f = wal(fd);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_pread64(fd, buffer, count, offset);
  }
  size_t n = (size_t)offset >= f->size ? 0 : f->size - (size_t)offset < count ? f->size - (size_t)offset : count;
  memcpy(buffer, f->bytes + offset, n);
  pthread_mutex_unlock(&lock);
  return (ssize_t)n;
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
  pthread_mutex_lock(&lock);
  struct shadow *f = wal(fd);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_pwrite64(fd, buffer, count, offset);
  }
  reserve(f, (size_t)offset + count);
  memcpy(f->bytes + offset, buffer, count);
  if ((size_t)offset + count > f->size) f->size = (size_t)offset + count;
  f->dirty = 1;
  pthread_mutex_unlock(&lock);
  return (ssize_t)count;
}

int ftruncate64(int fd, off_t length) {
  pthread_mutex_lock(&lock);
  struct shadow *f = wal(fd);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return real_ftruncate64(fd, length);
  }
  reserve(f, (size_t)length);
  if ((size_t)length > f->size) memset(f->bytes + f->size, 0, (size_t)length - f->size);
  f->size = (size_t)length;
  f->dirty = 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

static int sync_with(int fd, int (*real)(int)) {
  pthread_mutex_lock(&lock);
  struct shadow *f = wal(fd);
  if (f) flush(fd, f);
  pthread_mutex_unlock(&lock);
  return real(fd);
}
int fsync(int fd) { return sync_with(fd, real_fsync); }
int fdatasync(int fd) { return sync_with(fd, real_fdatasync); }

// A clean close keeps what was written (the kernel would have it); only a kill loses it.
int close(int fd) {
  pthread_mutex_lock(&lock);
  if (fd >= 0 && fd < MAX_FD) {
    struct shadow *f = files[fd].state == 2 ? &files[fd] : NULL;
    if (f) flush(fd, f);
    free(files[fd].bytes);
    memset(&files[fd], 0, sizeof files[fd]);
  }
  pthread_mutex_unlock(&lock);
  return real_close(fd);
}
