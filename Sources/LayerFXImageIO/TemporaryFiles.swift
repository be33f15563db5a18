#if canImport(Glibc)
import Glibc
#endif
import LayerFXCore

/// Names of the hidden files that `AtomicFile` and the GIF and video writers
/// fill before renaming them into place, and the removal of those left behind.
///
/// A name is `.layerfx-MACHINE-PID-RANDOM…`: `MACHINE` is eight hex digits
/// identifying the kernel boot and process namespace of the writer (so a pid
/// means the same process to every reader with the same key), `PID` the
/// writer's process id. A file whose key is this machine's and whose pid no
/// longer runs was provably abandoned (its writer was killed); files of other
/// machines or containers on a shared volume are never touched, because their
/// pids mean nothing here.
public enum TemporaryFiles {
    /// The start of every temporary name written by process `pid` on this
    /// machine, such as `.layerfx-1f2e3d4c-4242-`.
    public static func prefix(process pid: Int32) -> String {
        ".layerfx-\(machineKey())-\(pid)-"
    }

    /// Removes the temporary files in `folder` whose writer ran on this machine
    /// and is no longer running; returns their names. An unreadable folder
    /// removes nothing.
    @discardableResult
    public static func removeAbandoned(in folder: String) -> [String] {
        let key = machineKey()
        return remove(in: folder) { name in
            guard let pid = writer(of: name, key: key), pid != getpid() else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
    }

    /// Removes the temporary files this process has open or left in `folder`
    /// (after an interruption); returns their names.
    @discardableResult
    public static func removeOwn(in folder: String) -> [String] {
        let own = prefix(process: getpid())
        return remove(in: folder) { $0.hasPrefix(own) }
    }

    /// The pid in a temporary name written with machine key `key`, if `name` is one.
    static func writer(of name: String, key: String) -> Int32? {
        let start = ".layerfx-\(key)-"
        guard name.hasPrefix(start) else { return nil }
        let rest = name.dropFirst(start.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return Int32(rest[..<dash]).flatMap { $0 > 0 ? $0 : nil }
    }

    private static func remove(in folder: String, where doomed: (String) -> Bool) -> [String] {
        DirectoryListing.names(in: folder).filter { name in
            name.hasPrefix(".layerfx-") && doomed(name) && unlink(folder + "/" + name) == 0
        }.sorted()
    }

    /// Eight hex digits (FNV-1a) of the kernel's boot id and this process's
    /// pid namespace; the host name where `/proc` cannot be read.
    static func machineKey() -> String {
        var identity = read("/proc/sys/kernel/random/boot_id") + link("/proc/self/ns/pid")
        if identity.isEmpty {
            var host = [CChar](repeating: 0, count: 256)
            if gethostname(&host, host.count - 1) == 0 {
                identity = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        var hash: UInt32 = 0x811C_9DC5
        for byte in identity.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    private static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self) : ""
    }

    private static func link(_ path: String) -> String {
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        return n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self) : ""
    }
}
