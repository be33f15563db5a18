import LayerFX
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// `lfx_log_fn`: level, message (valid during the call), user data.
public typealias LFXLogFunction = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// The message of the last failed call, one per thread (`lfx_last_error`).
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()
    nonisolated(unsafe) private static let empty: UnsafeMutablePointer<CChar> = strdup("")!

    /// The current thread's message; `""` after a successful call. Valid until
    /// the next `lfx_` call on this thread.
    static var current: UnsafePointer<CChar> {
        UnsafePointer((pthread_getspecific(key)?.assumingMemoryBound(to: CChar.self)) ?? empty)
    }

    static func set(_ message: String?) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, message.map { UnsafeMutableRawPointer(strdup($0)!) })
        free(old)
    }
}

/// The process-wide log callback (`lfx_set_log_callback`).
enum Log {
    private struct Callback: @unchecked Sendable {
        var function: LFXLogFunction?
        var userData: UnsafeMutableRawPointer?
    }
    private static let callback = LockedValue(Callback())

    static func set(_ function: LFXLogFunction?, _ userData: UnsafeMutableRawPointer?) {
        callback.withLock { $0 = Callback(function: function, userData: userData) }
    }

    /// Calls the callback, if any, outside the lock (so it may call LayerFX).
    static func emit(_ level: LFXLogLevel, _ message: String) {
        let current = callback.withLock { $0 }
        guard let function = current.function else { return }
        message.withCString { function(level.rawValue, $0, current.userData) }
    }
}

/// Runs one C call: a thrown ``CAPIError`` (or any other error, mapped to a
/// code) becomes the returned `lfx_result` and the thread's last-error
/// message, prefixed with the function's name, and is logged; success clears
/// the message.
func perform(_ function: StaticString, _ body: () throws -> Void) -> Int32 {
    do {
        try body()
        LastError.set(nil)
        return LFXResult.ok.rawValue
    } catch {
        let failure = CAPIError(mapping: error)
        let message = "\(function): \(failure.message)"
        LastError.set(message)
        Log.emit(.error, message)
        return failure.code.rawValue
    }
}

extension CAPIError {
    /// The C result for an error of the Swift API.
    init(mapping error: any Error) {
        switch error {
        case let error as CAPIError: self = error
        case let error as SceneError: self.init(.scene, error.description)
        case let error as GPUError: self.init(.backend, error.description)
        case let error as ImageWriteError: self.init(.io, error.description)
        case let error as WorkBudgetExceeded: self.init(.budget, error.description)
        default: self.init(.internal, "\(error)")
        }
    }
}
