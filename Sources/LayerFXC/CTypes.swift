import LayerFX

/// The C API's values, mirrored from `include/layerfx.h` (a test compiles the
/// header against the library and checks every value by name).

/// `lfx_result`: what every C call returns.
enum LFXResult: Int32, CaseIterable, Sendable {
    case ok = 0
    case invalidArgument = 1
    case invalidHandle = 2
    case wrongThread = 3
    case scene = 4
    case io = 5
    case backend = 6
    case unsupported = 7
    case `internal` = 8
    case budget = 9

    /// The enumerator's name in the header.
    var name: StaticString {
        switch self {
        case .ok: "LFX_OK"
        case .invalidArgument: "LFX_ERROR_INVALID_ARGUMENT"
        case .invalidHandle: "LFX_ERROR_INVALID_HANDLE"
        case .wrongThread: "LFX_ERROR_WRONG_THREAD"
        case .scene: "LFX_ERROR_SCENE"
        case .io: "LFX_ERROR_IO"
        case .backend: "LFX_ERROR_BACKEND"
        case .unsupported: "LFX_ERROR_UNSUPPORTED"
        case .internal: "LFX_ERROR_INTERNAL"
        case .budget: "LFX_ERROR_BUDGET"
        }
    }
}

/// `lfx_backend`.
enum LFXBackend: Int32, Sendable {
    case auto = 0
    case gpu = 1
    case cpu = 2
}

/// `lfx_compositing`.
enum LFXCompositing: Int32, Sendable, CaseIterable {
    case ordered = 0
    case tiles = 1
    case auto = 2

    /// The Swift API's value.
    var compositing: Compositing {
        switch self {
        case .ordered: .ordered
        case .tiles: .tiles
        case .auto: .automatic
        }
    }
}

/// `lfx_log_level`.
enum LFXLogLevel: Int32, Sendable {
    case debug = 0
    case info = 1
    case warning = 2
    case error = 3
}

/// `lfx_render_flags` bits.
enum LFXRenderFlag {
    static let noStateRestore: UInt32 = 1 << 0
    static let keepContents: UInt32 = 1 << 1
    static let straightAlpha: UInt32 = 1 << 2
}

/// A failed C call: the result code and the message `lfx_last_error` returns.
struct CAPIError: Error {
    let code: LFXResult
    let message: String
    init(_ code: LFXResult, _ message: String) { self.code = code; self.message = message }
}
