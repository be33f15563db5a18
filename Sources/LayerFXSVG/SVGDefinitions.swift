import LayerFXCore
import LayerFXImageIO
import LayerFXPrimitives

/// The `<defs>` of a document: clip paths, gradients, masks, images and
/// filters, numbered in the order they are first needed; identical clip
/// paths, gradients and filters, and each image, are written once and shared.
struct SVGDefinitions {
    /// The definitions' elements so far.
    private(set) var text = ""
    private var clips: [String: String] = [:]
    private var gradients: [String: String] = [:]
    private var maskCount = 0
    private var images: [ObjectIdentifier: String] = [:]
    private var filters: [String: String] = [:]

    /// Whether an element refers to another by `xlink:href` (the document then declares the namespace).
    var usesXLink: Bool { !images.isEmpty }

    /// The id of an `image` of `image`'s pixels as a PNG data URI, one user
    /// unit per pixel, from (0, 0); nil when it cannot be encoded.
    mutating func image(_ image: ContentsImage) -> String? {
        let key = ObjectIdentifier(image)
        if let id = images[key] { return id }
        guard let uri = PNGEncoder.dataURI(image) else { return nil }
        let id = "i\(images.count + 1)"
        images[key] = id
        text += "<image id=\"\(id)\" width=\"\(image.width)\" height=\"\(image.height)\" preserveAspectRatio=\"none\" xlink:href=\"\(uri)\"/>\n"
        return id
    }

    /// The id of a `filter` applying the colour matrix `values` (20 numbers) to straight sRGB colours.
    mutating func colorMatrix(_ values: String) -> String {
        if let id = filters[values] { return id }
        let id = "f\(filters.count + 1)"
        filters[values] = id
        text += "<filter id=\"\(id)\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"\(values)\"/></filter>\n"
        return id
    }

    /// The id of a `clipPath` (device space) holding `content`.
    mutating func clip(_ content: String) -> String {
        if let id = clips[content] { return id }
        let id = "c\(clips.count + 1)"
        clips[content] = id
        text += "<clipPath id=\"\(id)\">\(content)</clipPath>\n"
        return id
    }

    /// The id of a gradient element of `kind` (`linearGradient` or
    /// `radialGradient`) with `attributes` and `stops`.
    mutating func gradient(_ kind: String, attributes: String, stops: String) -> String {
        let key = kind + attributes + stops
        if let id = gradients[key] { return id }
        let id = "g\(gradients.count + 1)"
        gradients[key] = id
        text += "<\(kind) id=\"\(id)\" gradientUnits=\"userSpaceOnUse\"\(attributes)>\(stops)</\(kind)>\n"
        return id
    }

    /// The id of a `mask` drawing `content` over rectangle `region` (x0, y0,
    /// x1, y1) of the user space it is used in, covering as `coverage` says:
    /// an alpha mask (`mask-type="alpha"`; its content is white, so a
    /// renderer that reads luminance gets the same), or a luminance mask,
    /// for an inverted coverage over a white rectangle filling the region
    /// (the content is then drawn in its complement, so that the luminance
    /// left is one minus its coverage).
    mutating func mask(_ content: String, region: SIMD4<Double>, coverage: MaskCoverage = .alpha) -> String {
        maskCount += 1
        let id = "m\(maskCount)"
        let numbers = [region.x, region.y, region.z - region.x, region.w - region.y].map { SVGNumber.text($0, decimals: 3) }
        let type = coverage == .alpha ? "alpha" : "luminance"
        let backdrop = coverage.isInverted
            ? "<rect x=\"\(numbers[0])\" y=\"\(numbers[1])\" width=\"\(numbers[2])\" height=\"\(numbers[3])\" fill=\"#fff\"/>\n" : ""
        text += "<mask id=\"\(id)\" mask-type=\"\(type)\" maskUnits=\"userSpaceOnUse\" x=\"\(numbers[0])\" y=\"\(numbers[1])\" width=\"\(numbers[2])\" height=\"\(numbers[3])\">\n\(backdrop)\(content)</mask>\n"
        return id
    }
}
