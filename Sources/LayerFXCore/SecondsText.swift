extension Double {
    /// A scene time as error messages write it, the way scene files do:
    /// `1.25`, `0`, `-3` (whole numbers without a fraction).
    public var secondsText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
