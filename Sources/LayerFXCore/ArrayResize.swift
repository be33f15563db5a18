extension Array {
    /// Makes the array hold `count` elements: drops the last ones, or
    /// appends copies of `filler()` (to be overwritten). The array keeps its
    /// room, so working arrays reused from frame to frame stop allocating
    /// once they have grown.
    @inlinable
    public mutating func resize(to count: Int, filling filler: () -> Element) {
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            // One at a time (growing geometrically when the room runs out):
            // appending a `repeatElement` collection allocated in some
            // optimized builds even with the room there.
            let element = filler()
            while self.count < count { append(element) }
        }
    }
}
