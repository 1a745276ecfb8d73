#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a folder (`flock` on the folder itself, so nothing is left behind in
/// it), held until ``unlock()`` or the process ends; the kernel drops it if the holder dies.
package final class DirectoryLock: @unchecked Sendable {
    private var descriptor: Int32

    /// Takes the lock on `directory`. When another process holds it, `waiting` is called once
    /// and the call blocks until it is free.
    package init(_ directory: String, waiting: () -> Void = {}) throws(FileSystemError) {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError("open the folder", directory) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            close(descriptor)
            throw FileSystemError("lock the folder", directory)
        }
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw FileSystemError("lock the folder", directory)
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
