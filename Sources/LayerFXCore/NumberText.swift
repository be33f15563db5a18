extension Double {
    /// The number as scene files and error messages write it: whole numbers
    /// without a fraction (`3`, `16384`, `-2`), others as Swift prints them
    /// (`0.5`, `1.25`, `1e+301`, `inf`, `nan`).
    public var numberText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
