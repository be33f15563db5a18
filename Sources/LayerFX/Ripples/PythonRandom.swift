/// CPython's `random.Random` for integer seeds: the MT19937 generator seeded
/// with `init_by_array` from the seed's 32-bit words, and `random()` built from
/// two outputs (53 bits), so the same seed gives the same numbers as Python.
///
/// Used by ``RippleField/init(count:width:height:)`` to regenerate the peers'
/// benchmark scenes (`Benchmarks/Peers/gen_ripples.py`) in-process.
struct PythonRandom {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    /// `random.Random(seed)` for a non-negative seed below 2⁶⁴.
    init(seed: UInt64) {
        var key: [UInt32] = []
        var rest = seed
        repeat {
            key.append(UInt32(truncatingIfNeeded: rest))
            rest >>= 32
        } while rest != 0
        initByArray(key)
    }

    /// `random.random()`: a double in [0, 1) from 53 random bits.
    mutating func random() -> Double {
        let a = Double(next() >> 5), b = Double(next() >> 6)
        return (a * 67_108_864 + b) / 9_007_199_254_740_992
    }

    /// `random.uniform(a, b)`: `a + (b − a) · random()`.
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * random()
    }

    private mutating func initGenrand(_ seed: UInt32) {
        state[0] = seed
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        index = 624
    }

    private mutating func initByArray(_ key: [UInt32]) {
        initGenrand(19_650_218)
        var i = 1, j = 0
        for _ in 0..<max(624, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1; j += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        state[0] = 0x8000_0000
    }

    private mutating func next() -> UInt32 {
        if index >= 624 { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    private mutating func twist() {
        for k in 0..<624 {
            let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7FFF_FFFF)
            state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_B0DF)
        }
        index = 0
    }
}
