// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on a folder or a lock file, held until ``unlock()`` or the
/// process ends; the kernel drops it if the holder dies. Locking a folder itself leaves
/// nothing behind in it.
package final class PathLock: @unchecked Sendable {
    private var descriptor: Int32

    /// Takes the lock on `path`: a folder, or a file that is created when `createFile`.
    /// When another process holds it, `waiting` is called once and the call blocks until it
    /// is free.
    package init(_ path: String, createFile: Bool = false, waiting: () -> Void = {}) throws(FileSystemError) {
        descriptor = createFile ? open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644) : open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(createFile ? "open the lock file" : "open the folder", path) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            close(descriptor)
            throw FileSystemError("lock", path)
        }
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw FileSystemError("lock", path)
            }
        }
    }

    /// Lets the next waiter in.
    package func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { unlock() }
}
