import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// The commands with a Lottie animation: `info`, `render` (its frame rate
/// and in and out points as defaults), `--strict` and `convert`.
@Suite(.serialized)
struct LottieCommandTests {
    /// 40 × 20 at 10 fps, frames 0 to 5: a red 10 × 10 square (its left edge
    /// on the layer's position) sliding from x = 5 to x = 30, and a drop-shadow effect LayerFX does not draw.
    static let animation = #"""
        {"v":"5.7.4","fr":10,"ip":0,"op":5,"w":40,"h":20,"nm":"slide","layers":[
         {"ty":4,"nm":"square","ind":1,"ip":0,"op":5,"st":0,
          "ef":[{"ty":25,"nm":"Drop Shadow","ef":[]}],
          "ks":{"p":{"a":1,"k":[{"t":0,"s":[5,10],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":5,"s":[30,10]}]},
                "a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
          "shapes":[{"ty":"rc","p":{"a":0,"k":[5,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                    {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """#

    static let warning = "not drawn: effects (in layer \"square\")"

    /// `text` (the sliding square unless given) written as NAME.json in a new temporary folder.
    static func write(_ text: String = animation, name: String = "slide") throws -> (folder: URL, file: String) {
        let folder = try TemporaryDirectory.make("layerfx-lottie")
        let file = folder.appending(path: "\(name).json")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The red channel along the middle row of a raw frame (40 px wide).
    static func redRow(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        (0..<40).map { bytes[bytes.startIndex + (10 * 40 + $0) * 4] }
    }

    @Test func infoDescribesTheAnimation() throws {
        let (_, file) = try Self.write()
        let run = try CLI.run(["info", file])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            format:       Lottie animation
            size:         40×20 points
            frame rate:   10 fps
            frames:       5 (0 to 5)
            duration:     0.5 s
            layers:       1
            shapes:       2
            \(Self.warning)

            """.replacingOccurrences(of: "not drawn: effects", with: "not drawn:    effects"))
    }

    @Test func renderWarnsAndStrictRefuses() throws {
        let (folder, file) = try Self.write()
        let png = folder.appending(path: "frame.png").path
        let warned = try CLI.run(["render", file, "--backend", "cpu", "-o", png])
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr == "layerfx: warning: \(file): \(Self.warning)\n")
        try FileManager.default.removeItem(atPath: png)

        let refused = try CLI.run(["render", file, "--backend", "cpu", "--strict", "-o", png])
        #expect(refused.status == 1)
        #expect(refused.stderr == "layerfx: error: \(file): not drawn, and --strict refuses it: effects (in layer \"square\")\n")
        #expect(try Self.files(in: folder) == ["slide.json"])
    }

    /// Given no range, raw output holds the whole animation: frames 0 to 4
    /// at the file's 10 fps, the square's left edge 5 px further each frame.
    @Test func rawOutputHoldsEveryFrame() throws {
        let (_, file) = try Self.write()
        let run = try CLI.run(["render", file, "--backend", "cpu", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let frame = 40 * 20 * 4
        #expect(run.stdoutBytes.count == 5 * frame)
        for n in 0..<5 where run.stdoutBytes.count == 5 * frame {
            let row = Self.redRow(run.stdoutBytes[(n * frame)..<((n + 1) * frame)])
            let left = 5 + 5 * n
            #expect(row[left] == 255 && row[left + 9] == 255, "frame \(n)")
            #expect(row[left - 1] == 0 && row[left + 10] == 0, "frame \(n)")
        }
    }

    /// A GIF of the whole animation: one image per Lottie frame, 1/10 s each.
    @Test func gifHoldsTheAnimationAtItsFrameRate() throws {
        let (folder, file) = try Self.write()
        let gif = folder.appending(path: "slide.gif")
        let run = try CLI.run(["render", file, "--backend", "cpu", "-o", gif.path])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = Array(try Data(contentsOf: gif))
        let controls = (0...(bytes.count - 3)).filter { Array(bytes[$0..<$0 + 3]) == [0x21, 0xF9, 0x04] }
        #expect(controls.count == 5)
        #expect(controls.allSatisfy { bytes[$0 + 4] == 10 && bytes[$0 + 5] == 0 })
    }

    /// `--frames` counts the file's frames; `--fps` still overrides the rate.
    @Test func framesCountTheAnimationsOwnFrames() throws {
        let (folder, file) = try Self.write()
        let numbered = try CLI.run(["render", file, "--backend", "cpu", "--frames", "2-3",
                                    "-o", folder.appending(path: "%d.png").path])
        #expect(numbered.status == 0, "\(numbered.stderr)")
        #expect(try Self.files(in: folder) == ["2.png", "3.png", "slide.json"])
        let third = try DecodedPNG(contentsOfFile: folder.appending(path: "3.png").path)
        #expect(Self.redRow(third.bytes[...])[20] == 255 && Self.redRow(third.bytes[...])[19] == 0)

        let doubled = try CLI.run(["render", file, "--backend", "cpu", "--fps", "20", "-o", "-"])
        #expect(doubled.status == 0)
        #expect(doubled.stdoutBytes.count == 10 * 40 * 20 * 4)
    }

    /// A text document's `of` (stroke over fill): false draws the fill over
    /// the stroke; true, or no flag (as ThorVG reads it), the stroke over
    /// the fill. The glyph is a 10 × 10 square from x = 10 to 20, its 4-pixel
    /// red-filled, blue-stroked outline straddling x = 10.
    @Test(arguments: [(#","of":false"#, [UInt8]([255, 0, 0, 255])), (#","of":true"#, [0, 0, 255, 255]),
                      ("", [0, 0, 255, 255])])
    func strokeOverFillOrdersTheTextsPaints(flag: String, insideTheEdge: [UInt8]) throws {
        let (_, file) = try Self.write(#"""
            {"v":"5.7.4","fr":10,"ip":0,"op":1,"w":40,"h":20,"layers":[
             {"ty":5,"nm":"text","ind":1,"ip":0,"op":1,"st":0,
              "ks":{"p":{"a":0,"k":[10,15]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
              "t":{"d":{"k":[{"t":0,"s":{"t":"A","f":"Square","s":20,"fc":[1,0,0],"sc":[0,0,1],"sw":4\#(flag),
                                         "j":0,"tr":0,"lh":24,"ls":0}}]},"a":[],"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}}}}],
             "fonts":{"list":[{"fName":"Square","fFamily":"Square","fStyle":"Regular","ascent":75}]},
             "chars":[{"ch":"A","size":100,"w":60,"fFamily":"Square","style":"Regular","data":{"shapes":[
              {"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-50],[50,-50],[50,0],[0,0]],
               "i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}]}
            """#, name: "text")
        let run = try CLI.run(["render", file, "--backend", "cpu", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        func pixel(_ x: Int) -> [UInt8] { DotLottieCommandTests.pixel(run.stdoutBytes, x, 10) }
        #expect(pixel(11) == insideTheEdge)
        #expect(pixel(9) == [0, 0, 255, 255] && pixel(15) == [255, 0, 0, 255] && pixel(5) == [0, 0, 0, 0])
    }

    /// A repeater's animated offset moves its copies: two 10-pixel squares
    /// 10 px apart, the offset going from 0 to 2 over frames 0 to 10.
    @Test func animatedRepeaterOffsetMovesTheCopies() throws {
        let (_, file) = try Self.write(#"""
            {"v":"5.7.4","fr":10,"ip":0,"op":11,"w":40,"h":20,"layers":[
             {"ty":4,"nm":"copies","ind":1,"ip":0,"op":11,"st":0,
              "ks":{"p":{"a":0,"k":[0,5]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
              "shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
                        {"ty":"rp","c":{"a":0,"k":2},"m":1,
                         "o":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[2]}]},
                         "tr":{"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},
                               "r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}]}
            """#, name: "copies")
        let run = try CLI.run(["render", file, "--backend", "cpu", "--frames", "0-10", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let frameBytes = 40 * 20 * 4
        #expect(run.stdoutBytes.count == 11 * frameBytes)
        let covered = [0, 5, 10].map { frame in
            Self.redRow(run.stdoutBytes[(frame * frameBytes)..<((frame + 1) * frameBytes)]).map { $0 == 255 }
        }
        #expect(covered[0] == (0..<40).map { $0 < 20 })
        #expect(covered[1] == (0..<40).map { (10..<30).contains($0) })
        #expect(covered[2] == (0..<40).map { $0 >= 20 })
    }

    /// Repeater counts are bounded before they become work: a count of
    /// 10^300 is 1,000 copies (it trapped converting to Int), and three
    /// nested repeaters of 1,000 copies stop at 10,000 shapes (they made a
    /// billion); each is reported.
    @Test(arguments: [(["1e300"], "repeaters of over 1000 copies"),
                      (["1000", "1000", "1000"], "repeaters making over 10000 shapes")])
    func repeaterCountsAreBounded(counts: [String], warning: String) throws {
        let repeaters = counts.map { #"""
            {"ty":"rp","c":{"a":0,"k":\#($0)},"m":1,"o":{"a":0,"k":0},"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},
             "a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}
            """# }
        let (_, file) = try Self.write(#"""
            {"v":"5.7.4","fr":10,"ip":0,"op":1,"w":40,"h":20,"layers":[{"ty":4,"nm":"c","ip":0,"op":1,"st":0,"ks":{},
             "shapes":[{"ty":"rc","p":{"a":0,"k":[5,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},\#(repeaters.joined(separator: ","))]}]}
            """#, name: "repeaters")
        let run = try CLI.run(["render", file, "--backend", "cpu", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "layerfx: warning: \(file): not drawn: \(warning) (in layer \"c\")\n")
        // The squares from x = 0, one pixel apart and 10 wide, fill the middle row.
        #expect(Self.redRow(run.stdoutBytes[...]).allSatisfy { $0 == 255 })
    }

    /// A repeater whose offset is animated over 10¹² frames bakes each
    /// copy's transform, but not at 20,001 frames each for a hundred copies:
    /// the file's budget of sampled values runs out, the later copies get
    /// fewer frames, and the warning says so. At frame 0 every copy is
    /// still where it belongs.
    @Test func bakingStopsAtTheFilesBudget() throws {
        let (_, file) = try Self.write(#"""
            {"v":"5.7.4","fr":10,"ip":0,"op":1,"w":40,"h":20,"layers":[{"ty":4,"nm":"c","ip":0,"op":1,"st":0,"ks":{},
             "shapes":[{"ty":"rc","p":{"a":0,"k":[5,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
                       {"ty":"rp","c":{"a":0,"k":100},"m":1,"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":1e12,"s":[1]}]},
                        "tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},
                              "r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}]}
            """#, name: "baked-repeater")
        let run = try CLI.run(["render", file, "--backend", "cpu", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "layerfx: warning: \(file): not drawn: every frame of animations past "
                + "16000000 sampled values (in layer \"c\")\n")
        #expect(Self.redRow(run.stdoutBytes[...]).allSatisfy { $0 == 255 })
    }

    /// `convert` writes a scene file that renders the same bytes.
    @Test func convertedSceneRendersTheSameFrames() throws {
        let (folder, file) = try Self.write()
        let scene = folder.appending(path: "scene.json").path
        let converted = try CLI.run(["convert", file, "-o", scene])
        #expect(converted.status == 0)
        #expect(converted.stderr == "layerfx: warning: \(file): \(Self.warning)\n")
        let loaded = try SceneLoader.load(contentsOfFile: scene)
        #expect(loaded.timeline == SceneTimeline(frameRate: 10, start: 0, end: 0.5))

        let fromLottie = try CLI.run(["render", file, "--backend", "cpu", "-o", "-"])
        let fromScene = try CLI.run(["render", scene, "--backend", "cpu", "-o", "-"])
        #expect(fromScene.status == 0, "\(fromScene.stderr)")
        #expect(fromScene.stderr.isEmpty)
        #expect(fromLottie.stdoutBytes == fromScene.stdoutBytes)
    }
}

/// `.lottie` archives (made by `DotLottie/generate.py`): the animation the
/// manifest names, its images from the archive, and one error line for an
/// archive without a usable animation.
@Suite(.serialized)
struct DotLottieCommandTests {
    static func fixture(_ name: String) -> String {
        Repository.url("Tests/LayerFXCLITests/DotLottie/\(name)").path
    }

    /// The pixel at (`x`, `y`) of a 40-pixel-wide raw frame.
    static func pixel(_ bytes: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
        Array(bytes[((y * 40 + x) * 4)..<((y * 40 + x) * 4 + 4)])
    }

    @Test(arguments: [("slide-v1.lottie", [UInt8]([255, 0, 0, 255])), ("slide-v2.lottie", [0, 0, 255, 255])])
    func archivesRenderTheirAnimationAndImages(name: String, square: [UInt8]) throws {
        let run = try CLI.run(["render", Self.fixture(name), "--backend", "cpu", "--time", "0", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes.count == 40 * 20 * 4)
        guard run.stdoutBytes.count == 40 * 20 * 4 else { return }
        // The square (the manifest's initial animation in v2) and the archive's green image at (30, 0) to (40, 10).
        #expect(Self.pixel(run.stdoutBytes, 5, 10) == square && Self.pixel(run.stdoutBytes, 4, 10) == [0, 0, 0, 0])
        #expect(Self.pixel(run.stdoutBytes, 30, 0) == [0, 255, 0, 255] && Self.pixel(run.stdoutBytes, 39, 9) == [0, 255, 0, 255])
        #expect(Self.pixel(run.stdoutBytes, 29, 0) == [0, 0, 0, 0] && Self.pixel(run.stdoutBytes, 30, 10) == [0, 0, 0, 0])
    }

    /// An archive's images travel into a converted scene as data URIs.
    @Test func convertingAnArchiveKeepsItsImages() throws {
        let folder = try TemporaryDirectory.make("layerfx-dotlottie")
        let scene = folder.appending(path: "scene.json").path
        let converted = try CLI.run(["convert", Self.fixture("slide-v1.lottie"), "-o", scene])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try String(contentsOfFile: scene, encoding: .utf8).contains("\"contents\": \"data:image/png;base64,"))
        let fromArchive = try CLI.run(["render", Self.fixture("slide-v1.lottie"), "--backend", "cpu", "-o", "-"])
        let fromScene = try CLI.run(["render", scene, "--backend", "cpu", "-o", "-"])
        #expect(fromArchive.stdoutBytes.count == 5 * 40 * 20 * 4 && fromArchive.stdoutBytes == fromScene.stdoutBytes)
    }

    @Test func unusableArchivesAreOneErrorLine() throws {
        let folder = try TemporaryDirectory.make("layerfx-dotlottie")
        let truncated = folder.appending(path: "truncated.lottie")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.fixture("slide-v1.lottie"))).prefix(300)).write(to: truncated)
        let cases = [
            (Self.fixture("no-animation.lottie"), ": no animation in the archive (expected animations/ID.json or a/ID.json)"),
            (Self.fixture("scene-inside.lottie"), "/animations/scene.json: not a Lottie animation"),
            (Self.fixture("missing-image.lottie"),
             "/animations/slide.json:1:73: assets[0]: image \"images/gone.png\" is not in the archive"),
            (truncated.path, ": not a valid zip archive (libzip: Not a zip archive)"),
        ]
        for (file, message) in cases {
            let png = folder.appending(path: "out.png").path
            let run = try CLI.run(["render", file, "--backend", "cpu", "-o", png])
            #expect(run.status == 1)
            #expect(run.stderr == "layerfx: error: \(file)\(message)\n")
            #expect(!FileManager.default.fileExists(atPath: png))
        }
    }
}
