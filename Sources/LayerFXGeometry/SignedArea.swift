import LayerFXCore

/// Twice the signed area of `polygon` by the shoelace formula
/// (Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ).
func doubledSignedArea(_ polygon: [Point]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = polygon[polygon.count - 1]
    for p in polygon {
        sum += previous.x * p.y - p.x * previous.y
        previous = p
    }
    return sum
}
