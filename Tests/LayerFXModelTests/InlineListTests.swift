import Testing
import LayerFXCore
@testable import LayerFXModel

/// `NumberList` and `SubpathList` behave as arrays whatever they hold inline.
struct InlineListTests {
    @Test(arguments: [0, 1, 7, 8, 9, 20])
    func numberListsHoldTheirNumbers(_ count: Int) {
        let numbers = (0..<count).map { Double($0) * 1.5 - 2 }
        let list = NumberList(numbers)
        #expect(Array(list) == numbers)
        #expect(list.count == count)
        #expect(NumberList(count: count) { numbers[$0] } == list)
        #expect(list.hashValue == NumberList(numbers).hashValue)
        if count > 0 {
            #expect(list[count - 1] == numbers[count - 1])
            var other = numbers
            other[count - 1] += 1
            #expect(NumberList(other) != list)
        }
        #expect(NumberList(numbers + [0]) != list)
    }

    @Test func numberListsCompareAsArraysDo() {
        #expect(NumberList([0.0]) == NumberList([-0.0]))  // as [0.0] == [-0.0]
        #expect(NumberList([.nan]) != NumberList([.nan]))
        #expect(([] as NumberList).isEmpty)
        #expect(NumberList(count: -3) { _ in 1 }.isEmpty)
    }

    @Test func interpolatedListsAndPathsStayWhole() {
        let a: NumberList = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], b: NumberList = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
        #expect(AnimatableValue.lerp(from: .numbers(a), to: .numbers(b), fraction: 0.5)
                == .numbers(NumberList((0..<10).map { Double($0) + 5 })))
        let small = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2))])
        let large = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 6, height: 4))])
        #expect(AnimatableValue.lerp(from: .path(small), to: .path(large), fraction: 0.5)
                == .path(ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 4, height: 3))])))
        let two = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2)),
                             .roundedRect(Rect(x: 0, y: 0, width: 2, height: 2), cornerRadius: 1)])
        let twoLarge = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 4, height: 4)),
                                  .roundedRect(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 3)])
        #expect(AnimatableValue.lerp(from: .path(two), to: .path(twoLarge), fraction: 0.5)
                == .path(ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 3, height: 3)),
                                    .roundedRect(Rect(x: 0, y: 0, width: 3, height: 3), cornerRadius: 2)])))
    }

    @Test func subpathListsHoldTheirSubpaths() {
        let ellipse = Subpath.ellipse(in: Rect(x: 1, y: 2, width: 3, height: 4))
        let star = Subpath.star(center: Point(x: 0, y: 0), points: 5, outerRadius: 2, innerRadius: 1, rotation: 0)
        #expect(SubpathList(ellipse) == SubpathList([ellipse]))
        #expect(SubpathList([ellipse]).hashValue == SubpathList(ellipse).hashValue)
        #expect(Array(SubpathList([ellipse, star])) == [ellipse, star])
        #expect(SubpathList([ellipse, star]) != SubpathList([star, ellipse]))
        #expect(SubpathList([]).isEmpty && ShapePath.empty.subpaths.isEmpty)
        #expect(ShapePath([star]).subpaths.first == star)
    }
}
